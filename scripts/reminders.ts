/**
 * npm run reminders — sends the families' combined reminder e-mails due today
 * (app/lib/members/reminders.server.ts: one e-mail per family listing what is
 * left — registration, payment, medical papers, certificates expiring,
 * cotisations — at most weekly, only once turned on for the season) and
 * prints what it sent. Opens the database like the server (DATABASE_URL, or
 * the PGlite folder DATA_DIR/pglite — stop the server first when it uses
 * PGlite: one process at a time).
 */
import path from "node:path";
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { deliverPendingMail } from "~/lib/mail/mail.server";
import { runReminders } from "~/lib/members/reminders.server";
import { ensureCurrentSeasonStarted } from "~/lib/members/seasons.server";

const REASONS = {
  unfinished: "inscription à terminer",
  unpaid: "inscription à payer",
  medical: "dossier médical",
  "certificate-expiring": "certificat expirant",
  "cotisation-unpaid": "cotisation non payée",
} as const;

async function main() {
  const e = env();
  await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite") });
  try {
    await ensureCurrentSeasonStarted();
    const sent = await runReminders();
    await deliverPendingMail();
    if (sent.length === 0) {
      console.log("Aucun rappel à envoyer aujourd'hui.");
    } else {
      console.log(`${sent.length} rappel${sent.length > 1 ? "s" : ""} envoyé${sent.length > 1 ? "s" : ""} :`);
      for (const s of sent)
        console.log(
          `- ${s.to} : ${s.reasons.map((r) => REASONS[r]).join(", ")}${s.names.length ? ` (${s.names.join(", ")})` : ""}, saison ${s.season}`,
        );
    }
  } finally {
    await closeDatabase();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
