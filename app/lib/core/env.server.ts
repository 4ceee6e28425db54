/**
 * Environment: read and validated once, at start. Every bad variable gets
 * its own clear message (see formatEnvErrors), and the process refuses to start.
 *
 * Rules: every variable the server, the app or the scripts read for their
 * configuration is in `envSchema` (NODE_ENV included); nothing else reads
 * `process.env` for configuration. The README's configuration table lists
 * exactly these variables with their defaults (checked by env.server.test.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, TRUST_PROXY_HELP } from "../http/trust-proxy.server";
import { dkimKeyProblem } from "../mail/dkim-key.server";
import { DNS_SERVERS_HELP, parseDnsServers } from "../mail/dns-servers.server";

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `doit être une URL ${protocols.join(" ou ")} (exemple : ${example})` },
    );

const intInRange = (def: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? String(def) : v))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `doit être un nombre entier entre ${min} et ${max}`,
    })
    .transform(Number);

export const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "doit valoir development, production ou test" })
    .default("production"),
  PORT: intInRange(3000, 1, 65535),
  HOST: z.string().trim().default("0.0.0.0"),
  /** Public address of the site, used in e-mails, canonical URLs and OAuth callbacks. */
  BASE_URL: optionalUrl(["http:", "https:"], "https://vovinam-club.fr"),
  DATA_DIR: z.string().trim().default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "postgres://user:pass@localhost:5432/club"),
  BETTER_AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, {
      message: "doit contenir au moins 32 caractères (laisser vide pour le générer)",
    }),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "smtp://user:pass@smtp.example.org:587"),
  MAIL_FROM: z.string().trim().default("Vovinam Viet Vo Dao <ne-pas-repondre@localhost>"),
  /** DKIM signing of every e-mail (app/lib/mail/dkim.server.ts): a key that cannot be used stops the start. */
  DKIM_PRIVATE_KEY_FILE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : dkimKeyProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  DKIM_SELECTOR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "club")
    .refine((v) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(v), {
      message: "doit être un nom simple de lettres, chiffres et tirets (exemple : club)",
    }),
  /** Servers the operations page asks for the e-mail DNS records (tests: a local server); empty: the system's. */
  DNS_SERVERS: z
    .string()
    .optional()
    .refine((v) => parseDnsServers(v) !== null, { message: DNS_SERVERS_HELP })
    .transform((v) => {
      const servers = parseDnsServers(v) ?? [];
      return servers.length ? servers : undefined;
    }),
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER: optionalUrl(["http:", "https:"], "https://accounts.google.com").transform(
    (v) => v ?? "https://accounts.google.com",
  ),
  /** Default `info`, `warn` when NODE_ENV is `test` (see parseEnv). */
  LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error", "silent"], {
      error: "doit valoir debug, info, warn, error ou silent",
    })
    .optional(),
  /** Seconds an anonymous public page is served again from the cache (0: off). */
  PAGE_CACHE_SECONDS: intInRange(30, 0, 86_400),
  /** Server processes on PostgreSQL (server/cluster.ts); default: the number of cores. PGlite: always 1. */
  WORKERS: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64), {
      message: "doit être un nombre entier entre 1 et 64",
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /**
   * Load shedding (server/load-shed.ts): renders at once (unset: 2 on the embedded
   * database, whose queries run on the same thread as the render, 4 on PostgreSQL; see
   * `maxInFlight`), queue length, longest wait of a page view (a write waits up to the request
   * time-out).
   */
  LOAD_MAX_IN_FLIGHT: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000), {
      message: "doit être un nombre entier entre 1 et 10000",
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  LOAD_MAX_QUEUE: intInRange(64, 1, 100_000),
  LOAD_MAX_WAIT_MS: intInRange(400, 1, 600_000),
  /** Folder of the production build (`npm run build`). */
  BUILD_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "build"),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => parseTrustProxy(v) !== null, { message: TRUST_PROXY_HELP })
    .transform((v) => parseTrustProxy(v) ?? false),
  OUTBOX_RETENTION_DAYS: intInRange(30, 0, 3650),
  DISK_MIN_FREE_MB: intInRange(200, 0, 1_000_000),
  RATE_LIMIT_CONTACT_PER_HOUR: intInRange(5, 1, 10000),
  RATE_LIMIT_SIGNIN_FAILURES: intInRange(5, 1, 10000),
  RATE_LIMIT_SIGNIN_FAILURES_PER_ADDRESS: intInRange(100, 1, 100000),
  RATE_LIMIT_SIGNUP_PER_MINUTE: intInRange(3, 1, 10000),
  RATE_LIMIT_RESET_PER_5_MINUTES: intInRange(3, 1, 10000),
  /** Folder of the backups (default: DATA_DIR/sauvegardes). */
  BACKUP_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Encrypts the backups (AES-256-GCM) when set; needed again to restore them. */
  BACKUP_PASSPHRASE: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 12, { message: "doit contenir au moins 12 caractères" }),
  /** Hour (Paris time) of the nightly backup. */
  BACKUP_HOUR: intInRange(3, 0, 23),
  BACKUP_KEEP_DAILY: intInRange(7, 1, 365),
  BACKUP_KEEP_WEEKLY: intInRange(4, 0, 520),
  /** Tests only: `npm run restore` stops after this many tables and waits (a kill -9 test); 0 = never. */
  RESTORE_TEST_PAUSE_AFTER_TABLES: intInRange(0, 0, 10000),
  /** HelloAsso API v5 (registration payments): without the first three, the club's own payment instructions. */
  HELLOASSO_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  HELLOASSO_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  HELLOASSO_ORGANIZATION: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  HELLOASSO_API_URL: optionalUrl(["http:", "https:"], "https://api.helloasso.com/v5").transform((v) =>
    (v ?? "https://api.helloasso.com/v5").replace(/\/+$/, ""),
  ),
});

export type Env = Omit<z.infer<typeof envSchema>, "LOG_LEVEL"> & {
  BASE_URL: string;
  BETTER_AUTH_SECRET: string;
  DATA_DIR: string;
  LOG_LEVEL: NonNullable<z.infer<typeof envSchema>["LOG_LEVEL"]>;
};

export class EnvError extends Error {}

export function formatEnvErrors(error: z.ZodError): string {
  return ["Configuration invalide :", ...error.issues.map((i) => `  - ${i.path.join(".")} : ${i.message}`)].join("\n");
}

/** Reads the secret from the data folder, generating it on first use. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new EnvError(formatEnvErrors(parsed.error));
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const result = {
    ...e,
    DATA_DIR: dataDir,
    BASE_URL: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "warn" : "info"),
  };
  // The generated secret is read (or written) on first use only, so that reading the
  // configuration (the logger, a script's --help) never creates files.
  let secret = e.BETTER_AUTH_SECRET;
  const parsedEnv = Object.defineProperty(result, "BETTER_AUTH_SECRET", {
    enumerable: true,
    get: () => (secret ??= persistedSecret(dataDir)),
  }) as Env;
  if (secret === undefined) generatedSecrets.set(parsedEnv, (shared) => (secret = shared));
  return parsedEnv;
}

/** A generated secret (BETTER_AUTH_SECRET not set) may give way to the one the machines share. */
const generatedSecrets = new WeakMap<Env, (shared: string) => void>();

/**
 * Several machines on one database must sign sessions with one secret: when BETTER_AUTH_SECRET
 * is not set, `keep` receives this machine's generated secret and returns the one to use
 * (core/shared-secret.server.ts keeps the first in the database). A set variable wins: false.
 */
export async function shareGeneratedSecret(keep: (local: string) => Promise<string>): Promise<boolean> {
  const e = env();
  const adopt = generatedSecrets.get(e);
  if (!adopt) return false;
  adopt(await keep(e.BETTER_AUTH_SECRET));
  return true;
}

let cached: Env | undefined;

/** The validated environment (parsed on first call). */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Tests only: replace the environment. */
export function setEnvForTests(overrides: NodeJS.ProcessEnv): Env {
  cached = parseEnv({ ...process.env, ...overrides });
  return cached;
}
