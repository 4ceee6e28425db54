/**
 * The admins' to-do list (/espace-membre/todo):
 *  - tasks derived from the data, recomputed on every request, each with the
 *    link of the page where it is resolved: pré-inscrits to validate,
 *    cotisations unpaid and health documents missing or expiring within 30
 *    days (current season), contact messages not answered or whose e-mail to
 *    the club could not be delivered;
 *  - the managers' own tasks (todos table): create, edit, tick, delete.
 */
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { contactMessages, deletionRequests, outbox, todos, users } from "#db/schema";
import { holdsRole } from "../accounts/authorize.server";
import { PENDING_ROLE } from "../accounts/roles";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import { formatDate, parisDate } from "../core/time";
import { currentSeasonAt } from "./seasons.server";
import { DomainError } from "../core/errors";
import type { TodoInput } from "./todo";
import { EXPIRY_WARNING_DAYS, healthState, memberProfileStatuses, type Actor } from "./users-admin.server";
import { invariant } from "../core/invariant";
import { SETTINGS_TO_FILL_TITLE, settingsToFill } from "../club/settings-to-fill.server";
import { formatEuros } from "../core/money";
import { unmatchedPayments } from "./manual-payments.server";
import { openPaymentAlerts } from "./payment-alerts.server";
import { DOCUMENT_KIND_LABELS } from "./season-documents";
import { papersToReview } from "./season-documents-review.server";
import { de } from "../typography/elision";
import { countOf } from "../core/count";
import { href } from "react-router";

export interface DerivedTask {
  key: string;
  label: string;
  detail: string;
  href: string;
}

export interface DerivedGroup {
  id:
    | "pre-inscrits"
    | "cotisations"
    | "certificats"
    | "messages"
    | "suppressions"
    | "paiements"
    | "alertes-paiement"
    | "pieces"
    | "reglages";
  title: string;
  /** Where the whole group is handled (filtered list). */
  href: string;
  hrefLabel: string;
  tasks: DerivedTask[];
}

const USERS = href("/espace-membre/utilisateurs");
const MESSAGES_PAGE = href("/espace-membre/contenu/messages");
const SEASON_PAYMENTS = href("/espace-membre/saison/paiements");
const SEASON_PAPERS = href("/espace-membre/saison/pieces");

function editHref(ownerId: string, profileId?: number): string {
  return `${USERS}/modifier/${encodeURIComponent(ownerId)}${profileId ? `#profil-${profileId}` : ""}`;
}

function profileName(p: {
  prenom: string;
  nom: string;
  isSelf: boolean;
  ownerPrenom: string;
  ownerNom: string;
}): string {
  const name = `${p.prenom} ${p.nom}`.trim();
  return p.isSelf ? name : `${name} (famille ${de(`${p.ownerPrenom} ${p.ownerNom}`.trim())})`;
}

export async function derivedTasks(now: Date = new Date()): Promise<{ season: string; groups: DerivedGroup[] }> {
  const season = await currentSeasonAt(now);
  const today = parisDate(now);

  const pending = await db
    .select({ id: users.id, prenom: users.prenom, nom: users.nom, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.active, true), holdsRole(PENDING_ROLE)))
    .orderBy(asc(users.createdAt));

  const statuses = await memberProfileStatuses(season);
  const unpaid = statuses.filter((s) => !s.cotisationPaidOn);
  const health = statuses
    .map((s) => ({ ...s, state: healthState(s.healthReceivedOn, s.healthValidUntil, today) }))
    .filter((s) => s.state !== "valide");

  const messages = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      subject: contactMessages.subject,
      createdAt: contactMessages.createdAt,
      answeredAt: contactMessages.answeredAt,
      status: outbox.status,
    })
    .from(contactMessages)
    .leftJoin(outbox, eq(outbox.id, contactMessages.outboxId))
    .where(or(isNull(contactMessages.answeredAt), eq(outbox.status, "failed")))
    .orderBy(desc(contactMessages.createdAt));

  const deletions = await db
    .select({
      userId: deletionRequests.userId,
      requestedAt: deletionRequests.requestedAt,
      prenom: users.prenom,
      nom: users.nom,
      email: users.email,
    })
    .from(deletionRequests)
    .innerJoin(users, eq(users.id, deletionRequests.userId))
    .where(isNull(deletionRequests.handledAt))
    .orderBy(asc(deletionRequests.requestedAt));

  const groups: DerivedGroup[] = [
    {
      id: "pre-inscrits",
      title: "Pré-inscriptions à valider",
      href: `${USERS}?statut=pre-inscrits`,
      hrefLabel: "Voir les pré-inscrits",
      tasks: pending.map((u) => ({
        key: `pre-${u.id}`,
        label: `Valider l'inscription ${de(`${u.prenom} ${u.nom}`.trim() || u.email)}`,
        detail: `Pré-inscription du ${formatDate(u.createdAt.toISOString())} — ${u.email}`,
        href: editHref(u.id),
      })),
    },
    {
      id: "cotisations",
      title: `Cotisations non payées (saison ${season})`,
      href: `${USERS}?statut=cotisation`,
      hrefLabel: "Voir la liste filtrée",
      tasks: unpaid.map((s) => ({
        key: `cot-${s.profileId}`,
        label: `Cotisation ${de(profileName(s))}`,
        detail: "Aucun paiement enregistré pour la saison.",
        href: editHref(s.ownerId, s.profileId),
      })),
    },
    {
      id: "certificats",
      title: `Certificats médicaux manquants ou expirant sous ${EXPIRY_WARNING_DAYS} jours`,
      href: `${USERS}?statut=certificat`,
      hrefLabel: "Voir la liste filtrée",
      tasks: health.map((s) => ({
        key: `cert-${s.profileId}`,
        label: `Document de santé ${de(profileName(s))}`,
        detail:
          s.state === "manquant"
            ? "Ni certificat médical ni attestation du questionnaire pour la saison."
            : s.state === "expire"
              ? `Expiré le ${formatDate(s.healthValidUntil)}.`
              : `Expire le ${formatDate(s.healthValidUntil)}.`,
        href: editHref(s.ownerId, s.profileId),
      })),
    },
    {
      id: "messages",
      title: "Messages de contact à traiter",
      href: MESSAGES_PAGE,
      hrefLabel: "Ouvrir les messages",
      tasks: messages.map((m) => ({
        key: `msg-${m.id}`,
        label: `${m.status === "failed" ? "Message non remis" : "Répondre à"} ${m.name} : « ${m.subject} »`,
        detail:
          m.status === "failed"
            ? `L'e-mail transmettant ce message au club n'a pas pu être envoyé (reçu le ${formatDate(m.createdAt.toISOString())}).`
            : `Reçu le ${formatDate(m.createdAt.toISOString())}, sans réponse.`,
        href: `${MESSAGES_PAGE}?message=${m.id}#message-detail`,
      })),
    },
    {
      id: "suppressions",
      title: "Demandes de suppression de compte (RGPD, réponse sous un mois)",
      href: USERS,
      hrefLabel: "Ouvrir la liste des utilisateurs",
      tasks: deletions.map((d) => ({
        key: `del-${d.userId}`,
        label: `Traiter la demande de suppression ${de(`${d.prenom} ${d.nom}`.trim() || d.email)}`,
        detail: `Demandée le ${formatDate(d.requestedAt.toISOString())} — ${d.email}`,
        href: editHref(d.userId),
      })),
    },
    // Season payments: HelloAsso payments nobody could apply.
    {
      id: "paiements",
      title: "Paiements HelloAsso à rapprocher",
      href: SEASON_PAYMENTS,
      hrefLabel: "Ouvrir les paiements",
      tasks: (await unmatchedPayments())
        .filter((p) => p.state === "a-rapprocher")
        .map((p) => ({
          key: `pay-${p.id}`,
          label: `Rapprocher le paiement de ${formatEuros(p.amountCents)}${p.payerName ? ` ${de(p.payerName)}` : ""}`,
          detail: `Reçu le ${formatDate(p.createdAt.toISOString())}${p.payerEmail ? ` — ${p.payerEmail}` : ""}`,
          href: SEASON_PAYMENTS,
        })),
    },
    // Refunds and payment state changes read from HelloAsso, until a manager handles them.
    {
      id: "alertes-paiement",
      title: "Alertes de paiement HelloAsso (remboursements, échéances refusées…)",
      href: `${SEASON_PAYMENTS}#alertes`,
      hrefLabel: "Ouvrir les alertes",
      tasks: (await openPaymentAlerts()).map((a) => ({
        key: `alerte-${a.id}`,
        label: a.message,
        detail: `Signalé par HelloAsso le ${formatDate(a.createdAt.toISOString())}`,
        href: `${SEASON_PAYMENTS}#alerte-${a.id}`,
      })),
    },
    // Medical papers and aid proofs sent by the families.
    {
      id: "pieces",
      title: "Pièces envoyées par les familles à vérifier",
      href: SEASON_PAPERS,
      hrefLabel: "Ouvrir les pièces à vérifier",
      tasks: await (async () => {
        const review = await papersToReview();
        return [
          ...review.health.map((d) => ({
            key: `piece-${d.id}`,
            label: `Vérifier : ${(DOCUMENT_KIND_LABELS[d.kind] ?? d.kind).toLowerCase()} ${de(d.name)}`,
            detail: `Envoyé le ${formatDate(d.sentAt)}`,
            href: SEASON_PAPERS,
          })),
          ...review.aids.map((a) => ({
            key: `aide-${a.lineId}`,
            label: `Vérifier l'aide ${a.aidCode} ${de(a.name)}`,
            detail: a.proofs.length
              ? `${countOf(a.proofs.length, "justificatif envoyé", "justificatifs envoyés")}.`
              : "Aucun justificatif envoyé pour l'instant.",
            href: `${SEASON_PAPERS}#aides`,
          })),
        ];
      })(),
    },
    {
      id: "reglages",
      title: SETTINGS_TO_FILL_TITLE,
      href: href("/espace-membre/contenu/reglages/:section", { section: "identite" }),
      hrefLabel: "Ouvrir les réglages du club",
      tasks: (await settingsToFill()).map((t) => ({
        key: `reglage-${t.key}`,
        label: `Renseigner : ${t.label}`,
        detail: "Non renseigné : la ligne est masquée sur le site public.",
        href: t.href,
      })),
    },
  ];
  return { season, groups };
}

/** Number of days before `dueOn` (negative: late). */
export function daysUntil(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

// ------------------------------------------------------------ own tasks

export type { TodoInput } from "./todo";

export type Todo = typeof todos.$inferSelect;

export async function listTodos(): Promise<
  Array<Todo & { createdByName: string | null; updatedByName: string | null }>
> {
  const rows = await db
    .select({ todo: todos, creator: { prenom: users.prenom, nom: users.nom } })
    .from(todos)
    .leftJoin(users, eq(users.id, todos.createdBy))
    .orderBy(sql`${todos.doneAt} is not null`, sql`${todos.dueOn} asc nulls last`, desc(todos.doneAt), asc(todos.id));
  const ids = [...new Set(rows.map((r) => r.todo.updatedBy).filter((v): v is string => Boolean(v)))];
  const names = new Map<string, string>();
  for (const id of ids) {
    const [u] = await db.select({ prenom: users.prenom, nom: users.nom }).from(users).where(eq(users.id, id));
    if (u) names.set(id, `${u.prenom} ${u.nom}`.trim());
  }
  return rows.map((r) => ({
    ...r.todo,
    createdByName: r.creator ? `${r.creator.prenom} ${r.creator.nom}`.trim() : null,
    updatedByName: r.todo.updatedBy ? (names.get(r.todo.updatedBy) ?? null) : null,
  }));
}

async function findTodo(id: number): Promise<Todo> {
  const [row] = await db.select().from(todos).where(eq(todos.id, id));
  if (!row) throw new DomainError("Cette tâche n'existe plus.", { status: 404 });
  return row;
}

export async function createTodo(actor: Actor, input: TodoInput): Promise<Todo> {
  const [row] = await db
    .insert(todos)
    .values({ title: input.title, notes: input.notes, dueOn: input.dueOn, createdBy: actor.id, updatedBy: actor.id })
    .returning();
  invariant(row, "tâche insérée");
  return row;
}

export async function updateTodo(actor: Actor, id: number, version: number, input: TodoInput): Promise<void> {
  const current = await findTodo(id);
  const updated = await db
    .update(todos)
    .set({
      title: input.title,
      notes: input.notes,
      dueOn: input.dueOn,
      updatedAt: new Date(),
      updatedBy: actor.id,
      version: current.version + 1,
    })
    .where(and(eq(todos.id, id), eq(todos.version, version)))
    .returning({ id: todos.id });
  if (updated.length === 0)
    throw new DomainError("Cette tâche a été modifiée entre-temps par quelqu'un d'autre : vérifiez puis recommencez.", {
      status: 409,
    });
}

export async function setTodoDone(actor: Actor, id: number, done: boolean): Promise<void> {
  const current = await findTodo(id);
  await db
    .update(todos)
    .set({
      doneAt: done ? (current.doneAt ?? new Date()) : null,
      updatedAt: new Date(),
      updatedBy: actor.id,
      version: current.version + 1,
    })
    .where(eq(todos.id, id));
}

export async function deleteTodo(actor: Actor, id: number): Promise<void> {
  const current = await findTodo(id);
  await db.transaction(async (tx) => {
    await tx.delete(todos).where(eq(todos.id, id));
    await audit(actor, "todo.delete", `Tâche « ${current.title} » supprimée.`);
  });
}

/** Label of a due date relative to today. */
export function dueLabel(dueOn: string | null, today: string): { text: string; late: boolean } | null {
  if (!dueOn) return null;
  const days = daysUntil(dueOn, today);
  if (days < 0) return { text: `en retard (échéance le ${formatDate(dueOn)})`, late: true };
  if (days === 0) return { text: "à faire aujourd'hui", late: false };
  return { text: `pour le ${formatDate(dueOn)}`, late: false };
}
