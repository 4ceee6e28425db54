/**
 * Accounts without the UI (first administrator, operations).
 *
 *   npm run user -- add --email E [--password P] --prenom X --nom Y [--role admin[,membre]]
 *   npm run user -- set-role --email E --role R[,R2]
 *   npm run user -- list
 *
 * Opens the database exactly like the server (DATABASE_URL, else the embedded
 * database in DATA_DIR/pglite), runs the migrations, and closes it. While the
 * server runs on the embedded database it holds its lock: stop it first (or use
 * PostgreSQL).
 */
import path from "node:path";
import readline from "node:readline";
import { Writable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { users } from "#db/schema";
import { createPasswordUser, setUserRoles } from "~/lib/accounts/auth.server";
import { closeDatabase, db, openDatabase } from "~/lib/core/db.server";
import { env, EnvError } from "~/lib/core/env.server";
import { passwordProblem } from "~/lib/accounts/passwords";
import { ROLES } from "~/lib/accounts/roles";

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

function parseRoles(value: string | undefined, fallback: string[]): string[] {
  if (!value) return fallback;
  const roles = [...new Set(value.split(",").map((r) => r.trim()).filter(Boolean))];
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length || roles.length === 0) {
    throw new UsageError(`Rôle inconnu / unknown role: ${unknown.join(", ") || value}. Rôles / roles: ${ROLES.join(", ")}`);
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

async function open() {
  const e = env();
  await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite") });
}

async function add(options: Record<string, string>) {
  const email = required(options, "email").toLowerCase();
  const prenom = required(options, "prenom");
  const nom = options.nom?.trim() ?? "";
  const roles = parseRoles(options.role ?? options.roles, ["pré-inscrit"]);
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

async function setRole(options: Record<string, string>) {
  const email = required(options, "email").toLowerCase();
  const roles = parseRoles(required(options, "role"), []);
  await open();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new UsageError(`Aucun compte pour / no account for ${email}`);
  await setUserRoles(user.id, roles);
  console.log(`Rôles de / roles of ${email}: ${roles.join(", ")}`);
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

async function main() {
  const { command, options } = parseArgs(process.argv.slice(2));
  if (!command || command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return;
  }
  if (command === "add") return add(options);
  if (command === "set-role") return setRole(options);
  if (command === "list") return list();
  throw new UsageError(`Commande inconnue / unknown command: ${command}`);
}

main()
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
