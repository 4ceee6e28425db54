/**
 * Environment: read and validated once, at start. Every bad variable gets
 * its own clear message (see formatEnvErrors), and the process refuses to start.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, TRUST_PROXY_HELP } from "../http/trust-proxy.server";

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
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
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
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER: optionalUrl(["http:", "https:"], "https://accounts.google.com"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => parseTrustProxy(v) !== null, { message: TRUST_PROXY_HELP })
    .transform((v) => parseTrustProxy(v) ?? false),
  OUTBOX_RETENTION_DAYS: intInRange(30, 0, 3650),
  DISK_MIN_FREE_MB: intInRange(200, 0, 1_000_000),
  RATE_LIMIT_CONTACT_PER_HOUR: intInRange(5, 1, 10000),
  RATE_LIMIT_SIGNIN_PER_MINUTE: intInRange(5, 1, 10000),
  RATE_LIMIT_SIGNUP_PER_MINUTE: intInRange(3, 1, 10000),
  RATE_LIMIT_RESET_PER_5_MINUTES: intInRange(3, 1, 10000),
  /** Folder of the backups (default: DATA_DIR/sauvegardes). */
  BACKUP_DIR: z.string().trim().optional().transform((v) => v || undefined),
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
});

export type Env = z.infer<typeof envSchema> & {
  BASE_URL: string;
  BETTER_AUTH_SECRET: string;
  DATA_DIR: string;
};

export class EnvError extends Error {}

export function formatEnvErrors(error: z.ZodError): string {
  return [
    "Configuration invalide :",
    ...error.issues.map((i) => `  - ${i.path.join(".")} : ${i.message}`),
  ].join("\n");
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
  return {
    ...e,
    DATA_DIR: dataDir,
    BASE_URL: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET ?? persistedSecret(dataDir),
  };
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
