/**
 * The audit log: who did what, to whom, when (table `audit_log`, read on the operations and
 * users pages). The one way to write it.
 *
 * Rules:
 *  - Every entry goes through `audit()` (one entry) or `auditMany()` (a batch, the import);
 *    a direct `insert(auditLog)` elsewhere is refused by ESLint.
 *  - The actor is named one way (`actorName`): an account by its first and last names, else
 *    its e-mail, else its id; a process by its own name (« Ligne de commande (…) »); nobody
 *    (null) is a scheduled job, « Tâche automatique ». The name is stored with the entry: the
 *    history outlives the account.
 *  - Called inside `transaction()`, the entry commits or rolls back with the change it records.
 */
import { auditLog } from "#db/schema";
import { db } from "./db.server";

/** An account acting (a signed-in user). */
export interface AuditPerson {
  id: string;
  prenom: string;
  nom: string;
  email?: string | null;
}

/** Who acts: an account, a named process (command line, import), or null for a scheduled job. */
export type AuditActor = AuditPerson | { process: string } | null;

/** What an entry is about, and when when it is not now (an import dates its entries). */
export interface AuditTarget {
  userId?: string | null;
  profileId?: number | null;
  at?: Date;
}

/** The actor's name as the log keeps it. */
export function actorName(actor: AuditActor): string {
  if (actor === null) return "Tâche automatique";
  if ("process" in actor) return actor.process;
  return `${actor.prenom} ${actor.nom}`.trim() || actor.email || actor.id;
}

function row(actor: AuditActor, action: string, summary: string, target: AuditTarget) {
  return {
    ...(target.at ? { at: target.at } : {}),
    actorId: actor && "id" in actor ? actor.id : null,
    actorName: actorName(actor),
    action,
    targetUserId: target.userId ?? null,
    targetProfileId: target.profileId ?? null,
    summary,
  };
}

/** Writes one entry: `action` is a dotted code (`user.update`), `summary` a French sentence. */
export async function audit(
  actor: AuditActor,
  action: string,
  summary: string,
  target: AuditTarget = {},
): Promise<void> {
  await db.insert(auditLog).values(row(actor, action, summary, target));
}

/** Writes several entries by the same actor in one statement. */
export async function auditMany(
  actor: AuditActor,
  entries: ReadonlyArray<{ action: string; summary: string } & AuditTarget>,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((e) => row(actor, e.action, e.summary, e)));
}
