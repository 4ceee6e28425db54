/**
 * Accounts without the UI (first administrator, operations).
 *
 *   npm run user -- add --email E [--password P] --prenom X --nom Y [--role admin[,membre]]
 *   npm run user -- set-role --email E --role R[,R2]
 *   npm run user -- list
 *
 * Opens the database exactly like the server (DATABASE_URL, else the embedded
 * database in DATA_DIR/pglite), runs the migrations, and closes it. While the
 * server runs on the embedded database it holds it: the command says so in
 * French and what to do instead, without waiting or touching anything.
 * Roles go through the rules of the management pages (users-admin.server.ts):
 * names normalised ("pre-inscrit", "ADMIN", "Administrateur"), "pré-inscrit"
 * alone, the last active administrator keeps the role, an audit-log entry
 * names the command line as author.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import readline from "node:readline";
import { Writable } from "node:stream";
import { asc } from "drizzle-orm";
import { users } from "#db/schema";
import { createPasswordUser } from "~/lib/accounts/auth.server";
import { closeDatabase, db, folderLocked, openDatabase } from "~/lib/core/db.server";
import { env, EnvError } from "~/lib/core/env.server";
import { passwordProblem } from "~/lib/accounts/passwords.server";
import { isDomainError } from "~/lib/core/errors";
import { PENDING_ROLE, parseRoleName, ROLES, type Role } from "~/lib/accounts/roles";
import { checkRoleSet, normalizeRoles, setRolesFromCommandLine } from "~/lib/members/users-admin.server";

const USAGE = `Gestion des comptes / Account management

Utilisation / Usage:
  npm run user -- add --email E [--password P] --prenom X --nom Y [--role R[,R2]]
      Crée un compte avec mot de passe (demandé, masqué, s'il n'est pas donné).
      Creates a password account (the password is prompted, hidden, when not given).
  npm run user -- set-role --email E --role R[,R2]
      Remplace les rôles d'un compte. / Replaces the roles of an account.
  npm run user -- list
      Liste les comptes. / Lists the accounts.

Rôles / Roles: ${ROLES.join(", ")} (défaut / default: pré-inscrit)
Base de données / Database: DATABASE_URL, sinon / else DATA_DIR/pglite (serveur arrêté / server stopped).`;

class UsageError extends Error {}

/** The embedded database is held by the running server. */
class DatabaseHeldError extends Error {}

function parseArgs(argv: string[]): { command: string | undefined; options: Record<string, string> } {
  const [command, ...rest] = argv;
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    if (!arg.startsWith("--")) throw new UsageError(`Argument inattendu / unexpected argument: ${arg}`);
    const eqIndex = arg.indexOf("=");
    if (eqIndex > 0) {
      options[arg.slice(2, eqIndex)] = arg.slice(eqIndex + 1);
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("--")) throw new UsageError(`Valeur manquante / missing value: ${arg}`);
    options[arg.slice(2)] = value;
    i++;
  }
  return { command, options };
}

/** Role names as typed -> roles (normalised, in display order); the role sets the UI refuses are refused. */
function parseRoles(value: string | undefined, fallback: Role[]): Role[] {
  if (!value) return fallback;
  const names = value
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = names.filter((r) => !parseRoleName(r));
  if (unknown.length || names.length === 0) {
    throw new UsageError(
      `Rôle inconnu / unknown role: ${unknown.join(", ") || value}. Rôles / roles: ${ROLES.join(", ")}`,
    );
  }
  const roles = normalizeRoles(names.map((r) => parseRoleName(r)!));
  try {
    checkRoleSet(roles);
  } catch (err) {
    if (isDomainError(err)) throw new UsageError(err.message);
    throw err;
  }
  return roles;
}

function required(options: Record<string, string>, name: string): string {
  const v = options[name]?.trim();
  if (!v) throw new UsageError(`--${name} est obligatoire / --${name} is required`);
  return v;
}

/** Reads passwords without echoing them (lines from stdin when it is not a terminal). */
async function promptPasswords(questions: string[]): Promise<string[]> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      if (!muted) process.stdout.write(chunk);
      cb();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY ?? false });
  const lines: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let closed = false;
  rl.on("line", (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on("close", () => {
    closed = true;
    while (waiting.length) waiting.shift()!(null);
  });
  const next = () =>
    new Promise<string | null>((resolve) => {
      if (lines.length) resolve(lines.shift()!);
      else if (closed) resolve(null);
      else waiting.push(resolve);
    });
  try {
    const answers: string[] = [];
    for (const q of questions) {
      muted = false;
      process.stdout.write(q);
      muted = true;
      const answer = await next();
      process.stdout.write("\n");
      if (answer === null) throw new UsageError("Aucun mot de passe saisi / no password given");
      answers.push(answer);
    }
    return answers;
  } finally {
    rl.close();
  }
}

/** Why the command cannot open the embedded database while the server holds it, and what to do. */
function heldDatabaseMessage(dir: string): string {
  return (
    `Le serveur utilise la base embarquée ${dir}\u00a0: ` +
    "elle ne s'ouvre que dans un processus à la fois, rien n'a été modifié.\n" +
    "Au choix\u00a0: faites la modification depuis l'espace membre (Utilisateurs), " +
    "ou arrêtez le serveur le temps de la commande puis redémarrez-le, " +
    "ou passez à PostgreSQL (DATABASE_URL), que le serveur et la commande peuvent ouvrir ensemble."
  );
}

const openFromEnv = async () => {
  const e = env();
  const pgliteDir = path.join(e.DATA_DIR, "pglite");
  if (!e.DATABASE_URL) {
    if (await folderLocked(pgliteDir)) throw new DatabaseHeldError(heldDatabaseMessage(pgliteDir));
  }
  await openDatabase({ url: e.DATABASE_URL, pgliteDir });
};

let openDb = openFromEnv;

function open() {
  return openDb();
}

async function add(options: Record<string, string>) {
  const email = required(options, "email").toLowerCase();
  const prenom = required(options, "prenom");
  const nom = options.nom?.trim() ?? "";
  const roles = parseRoles(options.role ?? options.roles, [PENDING_ROLE]);
  let password = options.password;
  if (password === undefined) {
    const [first = "", again] = await promptPasswords(["Mot de passe / password: ", "Confirmation: "]);
    password = first;
    if (again !== password) throw new UsageError("Les mots de passe diffèrent / passwords differ");
  }
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  await open();
  const created = await createPasswordUser({ email, password, prenom, nom, roles });
  console.log(`Compte créé / account created: ${created.email} (${roles.join(", ")})`);
}

async function setRole(options: Record<string, string>, commandLine: string) {
  const email = required(options, "email").toLowerCase();
  const roles = parseRoles(required(options, "role"), []);
  await open();
  try {
    const saved = await setRolesFromCommandLine(email, roles, commandLine);
    console.log(`Rôles de / roles of ${email}: ${saved.join(", ")}`);
  } catch (err) {
    if (isDomainError(err)) throw new UsageError(err.message);
    throw err;
  }
}

async function list() {
  await open();
  const rows = await db
    .select({ email: users.email, prenom: users.prenom, nom: users.nom, roles: users.roles, active: users.active })
    .from(users)
    .orderBy(asc(users.email));
  if (rows.length === 0) {
    console.log("Aucun compte / no accounts.");
    return;
  }
  for (const r of rows) {
    const name = `${r.prenom} ${r.nom}`.trim();
    console.log(`${r.email}\t${name}\t${r.roles.join(",")}${r.active ? "" : "\t(désactivé / deactivated)"}`);
  }
}

/**
 * Runs one command. `database` replaces the opening of the database (tests:
 * the test database is already open).
 */
export async function runUserCommand(argv: string[], database?: { open: () => Promise<void> }): Promise<void> {
  openDb = database?.open ?? openFromEnv;
  const { command, options } = parseArgs(argv);
  if (!command || command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return;
  }
  if (command === "add") return add(options);
  if (command === "set-role") return setRole(options, `npm run user -- ${argv.join(" ")}`);
  if (command === "list") return list();
  throw new UsageError(`Commande inconnue / unknown command: ${command}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runUserCommand(process.argv.slice(2))
    .then(async () => {
      await closeDatabase();
      process.exit(0);
    })
    .catch(async (err: unknown) => {
      await closeDatabase().catch(() => {});
      if (err instanceof UsageError) {
        console.error(`${err.message}\n\n${USAGE}`);
        process.exit(2);
      }
      console.error(err instanceof EnvError || err instanceof Error ? err.message : String(err));
      process.exit(1);
    });
}
