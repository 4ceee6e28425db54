/**
 * First run without a technician (issue "Running the site without a
 * technician"): while no administrator exists, the server prints on one line of
 * its log the full setup address with a one-time token (the operator's way in,
 * the only secret ever logged on purpose). The page creates the first
 * administrator, the club's essential settings (name, short name, association,
 * venue, address, contact e-mail, the weekly classes if given) and,
 * optionally, the mail server (SMTP_URL wins when set); a test mail is queued, then the token is gone.
 *
 * Rules:
 *  - The token is random (32 bytes); only its SHA-256 is stored (table
 *    `verifications`, identifier "installation"), shared by every process.
 *  - Without the token, with a wrong one, or once an administrator exists, the
 *    setup address answers 404 (nothing tells a visitor it exists).
 *  - Single use: the token row is deleted in the transaction that checks it.
 *  - Each start issues its own token without revoking the others still valid:
 *    several machines on one database each log a working address (the first
 *    administrator created, every address answers 404).
 *  - `npm run user -- add … --role admin` remains the command-line way.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import { users, verifications } from "#db/schema";
import { DomainError } from "../core/errors";
import { db, inlineCount } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { getSetting, setSetting } from "../club/settings.server";
import { createPasswordUser } from "../accounts/auth.server";
import { holdsCapability } from "../accounts/authorize.server";
import { ADMIN_ROLE } from "../accounts/roles";
import { checkPassword } from "../accounts/passwords.server";
import { sendMail } from "../mail/send.server";
import { setupTestMail } from "../mail/templates/setup-test";
import { saveMailSettings } from "../mail/mail-config.server";
import { mailSettingsSchema } from "../mail/mail-settings";
import { SETUP_PATH, setupClasses, type SetupInput } from "./setup";

const IDENTIFIER = "installation";
const VALIDITY_MS = 30 * 24 * 3600 * 1000;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** True while no active administrator exists. */
export async function needsSetup(): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(holdsCapability("site:administer"), eq(users.active, true)))
    .limit(inlineCount(1));
  return !row;
}

/**
 * At start: while no administrator exists, issues a new one-time token and
 * logs the setup address. Returns the address (tests), or null.
 */
export async function announceSetup(now: Date = new Date()): Promise<string | null> {
  if (!(await needsSetup())) {
    await db.delete(verifications).where(eq(verifications.identifier, IDENTIFIER));
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    // Only the expired ones: another machine's address, logged at its start, keeps working.
    await tx
      .delete(verifications)
      .where(and(eq(verifications.identifier, IDENTIFIER), lte(verifications.expiresAt, now)));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier: IDENTIFIER,
      value: hash(token),
      expiresAt: new Date(now.getTime() + VALIDITY_MS),
    });
  });
  const url = `${env().BASE_URL}${SETUP_PATH}?jeton=${token}`;
  log.warn("first-run setup: no administrator yet, open this address to create one", { url });
  return url;
}

async function tokenMatches(token: string | null, now: Date): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, IDENTIFIER),
        eq(verifications.value, hash(token)),
        gt(verifications.expiresAt, now),
      ),
    );
  if (!row) return false;
  const a = Buffer.from(row.value);
  const b = Buffer.from(hash(token));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The setup page may be shown: a valid token and still no administrator. */
export async function setupAllowed(token: string | null, now: Date = new Date()): Promise<boolean> {
  return (await needsSetup()) && (await tokenMatches(token, now));
}

/**
 * Creates the first administrator and the club's essential settings, and
 * queues a test e-mail to the new administrator. The token is used up.
 */
export async function completeSetup(input: SetupInput, now: Date = new Date()): Promise<{ userId: string }> {
  // The club being named here is not in the settings yet: its name counts as context too.
  const problem = await checkPassword(input.password, {
    prenom: `${input.prenom} ${input.clubName}`,
    nom: input.nom,
    email: input.email,
  });
  if (problem) throw new DomainError(problem, { field: "password" });
  const used = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, IDENTIFIER),
        eq(verifications.value, hash(input.token)),
        gt(verifications.expiresAt, now),
      ),
    )
    .returning({ id: verifications.id });
  if (!used.length || !(await needsSetup()))
    throw new DomainError("Ce lien d'installation n'est plus valable.", { status: 404 });
  let user: { id: string };
  try {
    user = await createPasswordUser({
      email: input.email,
      password: input.password,
      prenom: input.prenom,
      nom: input.nom,
      roles: [ADMIN_ROLE],
    });
  } catch (err) {
    // Give the token back: the page can be sent again once corrected.
    await db.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier: IDENTIFIER,
      value: hash(input.token),
      expiresAt: new Date(now.getTime() + VALIDITY_MS),
    });
    throw new DomainError(err instanceof Error ? err.message : "Le compte n'a pas pu être créé.", { field: "email" });
  }
  const identity = await getSetting("identity");
  await setSetting(
    "identity",
    {
      ...identity,
      clubName: input.clubName,
      shortName: input.shortName,
      associationName: input.associationName,
      sportsComplex: input.sportsComplex,
      email: input.clubEmail,
      street: input.street,
      postalCode: input.postalCode,
      city: input.city,
    },
    user.id,
  );
  // The weekly classes entered here; none: the schedule stays unpublished until entered.
  const classes = setupClasses(input);
  if (classes.length) await setSetting("schedule", classes, user.id);
  // The mail server entered here (unless SMTP_URL wins): the test mail below leaves through it.
  if (input.mailChoice === "smtp" && !env().SMTP_URL) {
    const admin = { id: user.id, prenom: input.prenom, nom: input.nom, roles: [ADMIN_ROLE] };
    await saveMailSettings(mailSettingsSchema.parse(input), admin);
  }
  await sendMail(setupTestMail, { prenom: input.prenom, email: input.email }, { to: input.email });
  log.info("first administrator created in the browser", { userId: user.id });
  return { userId: user.id };
}
