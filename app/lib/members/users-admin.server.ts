/**
 * User management for the managers (admin, user_manager): the list with
 * search, filters, sort, pagination and CSV export; creating an account for
 * someone (they choose their own password through a single-use link);
 * editing the account, its roles and state; each profile's season status
 * (cotisation, health document) and grade history.
 *
 * Rules, all enforced here (the pages only show their messages):
 *  - a user_manager cannot grant or remove the admin role, nor change
 *    anything of an admin's account;
 *  - there is always at least one active admin (role change, deactivation,
 *    deletion);
 *  - deactivating an account deletes its sessions;
 *  - an edit based on an outdated page is refused (optimistic concurrency on
 *    users.updatedAt and season_statuses.version);
 *  - every change is written to audit_log (who and when).
 */
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { accounts, auditLog, deletionRequests, gradeHistory, grades, profiles, seasonStarts, seasonStatuses, sessions, users } from "#db/schema";
import { getAuth } from "../accounts/auth.server";
import { db, type Queryable, type Transaction } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { deliverPendingMail, queueMail } from "../mail/mail.server";
import { getGradeHistory, HEALTH_DOCUMENT_LABELS, PAYMENT_MEANS_LABELS } from "./member-status.server";
import { listGrades } from "./grades.server";
import { MEMBER_ROLES, ROLE_LABELS, ROLES, type Role } from "../accounts/roles";
import { formatDateFr } from "./seasons";
import { addDays, currentSeasonAt, healthValidUntil, parisDate, syncUserFlags, type HealthKind } from "./seasons-admin.server";
import { getSetting } from "../club/settings.server";
import { HEALTH_STATE_LABELS, MESSAGES, PAYMENT_MEANS, USER_FILTERS, USER_SORTS, type HealthState, type UserFilter, type UserSort } from "./membership";
import { idField, timestampVersionField, versionField } from "~/lib/http/ids";
import { revokePasswordLinks } from "~/lib/accounts/password-links.server";

export { HEALTH_STATE_LABELS, MESSAGES, USER_FILTERS, USER_SORTS, type HealthState, type UserFilter, type UserSort };

export type UserRow = typeof users.$inferSelect;

/** A refused operation: a French message for the page, an HTTP status, optionally the field concerned. */
export class RuleError extends Error {
  constructor(
    message: string,
    public status = 403,
    public field?: string,
  ) {
    super(message);
  }
}

export interface Actor {
  id: string;
  prenom: string;
  nom: string;
  email?: string;
  roles: readonly string[];
}

const isAdmin = (roles: readonly string[]) => roles.includes("admin");
const actorName = (a: Actor) => `${a.prenom} ${a.nom}`.trim() || a.email || a.id;

/** Days before expiry from which a certificate counts as « expiring ». */
export const EXPIRY_WARNING_DAYS = 30;
/** Validity of the link a new account receives to choose its password. */
export const WELCOME_LINK_DAYS = 7;


// ------------------------------------------------------------------ roles

/** Display order of roles: the first one is the spec's single `role`. */
const ROLE_PRIORITY: Role[] = ["admin", "user_manager", "article_manager", "membre", "pré-inscrit"];

export function normalizeRoles(input: readonly string[]): Role[] {
  const set = new Set(input.filter((r): r is Role => (ROLES as readonly string[]).includes(r)));
  return ROLE_PRIORITY.filter((r) => set.has(r));
}

export function rolesLabel(roles: readonly string[]): string {
  return roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(", ");
}

function checkRoleSet(roles: Role[]): void {
  if (roles.length === 0) throw new RuleError("Choisissez au moins un rôle.", 400, "roles");
  if (roles.includes("pré-inscrit") && roles.length > 1) {
    throw new RuleError("Un pré-inscrit n'a pas d'autre rôle : décochez « Pré-inscrit » pour valider l'inscription.", 400, "roles");
  }
}

/** A user_manager may neither grant nor remove the admin role. */
function checkAdminRoleChange(actor: Actor, before: readonly string[], after: readonly string[]): void {
  if (!isAdmin(actor.roles) && isAdmin(before) !== isAdmin(after)) throw new RuleError(MESSAGES.adminOnlyRole, 403, "roles");
}

/** A user_manager may not change an admin's account. */
export function canEditUser(actor: Actor, target: { roles: readonly string[] }): boolean {
  return isAdmin(actor.roles) || !isAdmin(target.roles);
}

function checkCanEdit(actor: Actor, target: { roles: readonly string[] }): void {
  if (!canEditUser(actor, target)) throw new RuleError(MESSAGES.adminOnlyEdit, 403);
}

/**
 * Refuses a change that would leave no active admin. Locks the active admins'
 * rows so two concurrent demotions cannot both pass.
 */
async function checkAdminRemains(
  tx: Transaction,
  target: UserRow,
  after: { roles: readonly string[]; active: boolean } | null,
): Promise<void> {
  if (!isAdmin(target.roles) || !target.active) return;
  if (after && isAdmin(after.roles) && after.active) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.active, true)))
    .for("update");
  if (admins.filter((a) => a.id !== target.id).length === 0) throw new RuleError(MESSAGES.lastAdmin, 409, "roles");
}

async function audit(
  q: Queryable,
  actor: Actor | null,
  action: string,
  summary: string,
  target: { userId?: string | null; profileId?: number | null } = {},
): Promise<void> {
  await q.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorName: actor ? actorName(actor) : "Tâche automatique",
    action,
    targetUserId: target.userId ?? null,
    targetProfileId: target.profileId ?? null,
    summary,
  });
}

// ------------------------------------------------------------------- list

export const PER_PAGE = 25;

export interface UserListQuery {
  q: string;
  role: Role | "";
  statut: UserFilter;
  tri: UserSort;
  page: number;
}

export function parseListQuery(params: URLSearchParams): UserListQuery {
  const role = params.get("role") ?? "";
  const statut = params.get("statut") ?? "";
  const tri = params.get("tri") ?? "nom";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : "",
    statut: statut in USER_FILTERS ? (statut as UserFilter) : "",
    tri: tri in USER_SORTS ? (tri as UserSort) : "nom",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The query string of a list query (defaults left out), for links and the export. */
export function listQueryString(query: UserListQuery, overrides: Partial<UserListQuery> = {}): string {
  const q = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (q.q) params.set("q", q.q);
  if (q.role) params.set("role", q.role);
  if (q.statut) params.set("statut", q.statut);
  if (q.tri !== "nom") params.set("tri", q.tri);
  if (q.page > 1) params.set("page", String(q.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

const ACCENTS_FROM = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ";
const ACCENTS_TO = "aaaaaaceeeeiiiinooooouuuuyyoa";

/** Lower case without accents (the same folding as the SQL side). */
export function foldText(s: string): string {
  let out = "";
  for (const ch of s.toLowerCase()) {
    const i = ACCENTS_FROM.indexOf(ch);
    out += i >= 0 ? ACCENTS_TO[i] : ch;
  }
  return out;
}

const memberRolesArray = sql`ARRAY[${sql.join(
  MEMBER_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]::text[]`;

export function healthState(receivedOn: string | null, validUntil: string | null, today: string): HealthState {
  if (!receivedOn) return "manquant";
  if (validUntil && validUntil < today) return "expire";
  if (validUntil && validUntil <= addDays(today, EXPIRY_WARNING_DAYS)) return "expire-bientot";
  return "valide";
}

export interface UserListItem {
  id: string;
  prenom: string;
  nom: string;
  email: string;
  roles: string[];
  active: boolean;
  createdAt: string;
  cotisationPaidOn: string | null;
  cotisationAmountCents: number | null;
  cotisationMeans: string | null;
  healthKind: string | null;
  healthReceivedOn: string | null;
  healthValidUntil: string | null;
  health: HealthState;
  familyCount: number;
}

function listConditions(query: UserListQuery, today: string): SQL | undefined {
  const conds: SQL[] = [];
  if (query.q) {
    const haystack = sql`translate(lower(${users.prenom} || ' ' || ${users.nom} || ' ' || ${users.email}), ${ACCENTS_FROM}, ${ACCENTS_TO})`;
    for (const word of foldText(query.q).split(/\s+/).filter(Boolean).slice(0, 5)) {
      const escaped = word.replace(/[\\%_]/g, (c) => `\\${c}`);
      conds.push(ilike(haystack, `%${escaped}%`));
    }
  }
  if (query.role) conds.push(sql`${query.role} = any(${users.roles})`);
  const member = sql`${users.roles} && ${memberRolesArray}`;
  switch (query.statut) {
    case "pre-inscrits":
      conds.push(sql`'pré-inscrit' = any(${users.roles})`, eq(users.active, true));
      break;
    case "cotisation":
      conds.push(member, eq(users.active, true), isNull(seasonStatuses.cotisationPaidOn));
      break;
    case "certificat": {
      const limit = addDays(today, EXPIRY_WARNING_DAYS);
      conds.push(member, eq(users.active, true));
      conds.push(
        or(isNull(seasonStatuses.healthDocumentReceivedOn), sql`${seasonStatuses.healthDocumentValidUntil} <= ${limit}`)!,
      );
      break;
    }
    case "inactifs":
      conds.push(eq(users.active, false));
      break;
  }
  return conds.length ? and(...conds) : undefined;
}

function listOrder(sort: UserSort): SQL[] {
  const lowerNom = sql`lower(${users.nom})`;
  const lowerPrenom = sql`lower(${users.prenom})`;
  switch (sort) {
    case "-nom":
      return [sql`${lowerNom} desc`, sql`${lowerPrenom} desc`, sql`${users.id}`];
    case "prenom":
      return [lowerPrenom, lowerNom, sql`${users.id}`];
    case "email":
      return [sql`${users.email}`];
    case "-cree":
      return [sql`${users.createdAt} desc`, sql`${users.id}`];
    case "cree":
      return [sql`${users.createdAt}`, sql`${users.id}`];
    default:
      return [lowerNom, lowerPrenom, sql`${users.id}`];
  }
}

async function selectUsers(query: UserListQuery, season: string, today: string, page: { limit: number; offset: number } | null) {
  const where = listConditions(query, today);
  const familyCount = sql<number>`(select count(*)::int from ${profiles} f where f.owner_id = ${users.id} and not f.is_self)`;
  const base = db
    .select({
      id: users.id,
      prenom: users.prenom,
      nom: users.nom,
      email: users.email,
      roles: users.roles,
      active: users.active,
      createdAt: users.createdAt,
      cotisationPaidOn: seasonStatuses.cotisationPaidOn,
      cotisationAmountCents: seasonStatuses.cotisationAmountCents,
      cotisationMeans: seasonStatuses.cotisationMeans,
      healthKind: seasonStatuses.healthDocumentKind,
      healthReceivedOn: seasonStatuses.healthDocumentReceivedOn,
      healthValidUntil: seasonStatuses.healthDocumentValidUntil,
      familyCount,
    })
    .from(users)
    .leftJoin(profiles, and(eq(profiles.ownerId, users.id), eq(profiles.isSelf, true)))
    .leftJoin(seasonStatuses, and(eq(seasonStatuses.profileId, profiles.id), eq(seasonStatuses.season, season)))
    .where(where)
    .orderBy(...listOrder(query.tri));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  return rows.map(
    (r): UserListItem => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      health: healthState(r.healthReceivedOn, r.healthValidUntil, today),
    }),
  );
}

export async function listUsers(query: UserListQuery, now: Date = new Date()) {
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(profiles, and(eq(profiles.ownerId, users.id), eq(profiles.isSelf, true)))
    .leftJoin(seasonStatuses, and(eq(seasonStatuses.profileId, profiles.id), eq(seasonStatuses.season, season)))
    .where(listConditions(query, today));
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const page = Math.min(query.page, pages);
  const items = await selectUsers(query, season, today, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
  return { items, total, page, pages, season, today };
}

// -------------------------------------------------------------------- CSV

/** One CSV cell: quoted when needed, formula-looking text neutralised for spreadsheets. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document for French spreadsheets: UTF-8 with BOM, ';' separator, CRLF line ends. */
export function toCsv(header: string[], rows: Array<Array<string | number | boolean | null | undefined>>): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

function euros(cents: number | null): string {
  if (cents === null) return "";
  return (cents / 100).toFixed(2).replace(".", ",");
}

function frDate(iso: string | null): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** The filtered list (every page) as CSV. */
export async function exportUsersCsv(query: UserListQuery, now: Date = new Date()): Promise<{ csv: string; count: number; season: string }> {
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const rows = await selectUsers(query, season, today, null);
  const header = [
    "Prénom",
    "Nom",
    "E-mail",
    "Rôles",
    "Compte actif",
    "Inscrit le",
    `Cotisation ${season}`,
    "Payée le",
    "Montant (€)",
    "Moyen de paiement",
    "Document de santé",
    "Reçu le",
    "Valable jusqu'au",
    "État du document",
    "Profils famille",
  ];
  const csv = toCsv(
    header,
    rows.map((r) => [
      r.prenom,
      r.nom,
      r.email,
      rolesLabel(r.roles),
      r.active ? "oui" : "non",
      frDate(r.createdAt),
      r.cotisationPaidOn ? "payée" : "non payée",
      frDate(r.cotisationPaidOn),
      euros(r.cotisationAmountCents),
      r.cotisationMeans ? (PAYMENT_MEANS_LABELS[r.cotisationMeans] ?? r.cotisationMeans) : "",
      r.healthKind ? (HEALTH_DOCUMENT_LABELS[r.healthKind] ?? r.healthKind) : "",
      frDate(r.healthReceivedOn),
      frDate(r.healthValidUntil),
      HEALTH_STATE_LABELS[r.health],
      r.familyCount,
    ]),
  );
  return { csv, count: rows.length, season };
}

// ---------------------------------------------------------------- schemas

const name = (label: string) =>
  z.string().trim().min(1, `${label} est obligatoire`).max(80, "80 caractères au maximum");
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "L'adresse e-mail est obligatoire")
  .max(254, "Adresse e-mail trop longue")
  .pipe(z.email("Adresse e-mail invalide"));

export const newUserSchema = z.object({ prenom: name("Le prénom"), nom: name("Le nom"), email });
export type NewUserInput = z.output<typeof newUserSchema> & { roles: string[] };

export const accountSchema = z.object({
  prenom: name("Le prénom"),
  nom: name("Le nom"),
  email,
  active: z.string().optional().transform((v) => v === "on"),
  version: timestampVersionField(),
});
export type AccountInput = z.output<typeof accountSchema> & { roles: string[] };

function isoDateField(required: string | null) {
  return z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), "Date invalide (JJ/MM/AAAA)")
    .refine((v) => v === "" || v >= "2000-01-01", "Date trop ancienne")
    .refine((v) => required === null || v !== "", required ?? "")
    .transform((v) => (v === "" ? null : v));
}

export const statusSchema = z
  .object({
    profileId: idField("Profil invalide."),
    season: z.string().regex(/^\d{4}(-\d{4})?$/),
    version: versionField(),
    cotisationPaidOn: isoDateField(null),
    cotisationAmount: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d{1,5}([.,]\d{1,2})?$/.test(v), "Montant invalide (par exemple 180 ou 92,50)")
      .transform((v) => (v === "" ? null : Math.round(Number(v.replace(",", ".")) * 100))),
    cotisationMeans: z.enum(["", ...PAYMENT_MEANS], { error: "Moyen de paiement inconnu" }).transform((v) => v || null),
    healthKind: z.enum(["", "certificat", "questionnaire"], { error: "Document inconnu" }).transform((v) => (v || null) as HealthKind | null),
    healthReceivedOn: isoDateField(null),
  })
  .superRefine((v, ctx) => {
    const paidParts = [v.cotisationPaidOn, v.cotisationAmount, v.cotisationMeans];
    if (paidParts.some((p) => p !== null)) {
      if (!v.cotisationPaidOn) ctx.addIssue({ code: "custom", path: ["cotisationPaidOn"], message: "Indiquez la date du paiement" });
      if (v.cotisationAmount === null) ctx.addIssue({ code: "custom", path: ["cotisationAmount"], message: "Indiquez le montant payé" });
      if (!v.cotisationMeans) ctx.addIssue({ code: "custom", path: ["cotisationMeans"], message: "Choisissez le moyen de paiement" });
    }
    if (v.healthKind && !v.healthReceivedOn) ctx.addIssue({ code: "custom", path: ["healthReceivedOn"], message: "Indiquez la date de réception" });
    if (!v.healthKind && v.healthReceivedOn) ctx.addIssue({ code: "custom", path: ["healthKind"], message: "Choisissez le document reçu" });
  });
export type StatusInput = z.output<typeof statusSchema>;

export const gradeEntrySchema = z.object({
  profileId: idField("Profil invalide."),
  gradeId: idField("Choisissez un grade"),
  awardedOn: isoDateField("Indiquez la date d'obtention"),
  note: z.string().trim().max(300, "300 caractères au maximum").default(""),
});
export type GradeEntryInput = z.output<typeof gradeEntrySchema>;

function notInFuture(iso: string | null, field: string, today: string) {
  if (iso && iso > today) throw new RuleError("La date ne peut pas être dans le futur.", 400, field);
}

// ---------------------------------------------------------------- create

function randomToken(length = 32): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/**
 * Issues a single-use link to choose a password, through Better Auth's own
 * reset-password verification (same identifier, same hashing, consumed by
 * /reinitialiser-mot-de-passe), valid WELCOME_LINK_DAYS days, and mails it
 * with the welcome wording. The account's sendResetPassword hook only has the
 * "forgotten password" text and a 30-minute validity, hence this.
 */
export async function sendWelcomeLink(user: { id: string; email: string; prenom: string }): Promise<void> {
  const ctx = await getAuth().$context;
  const token = randomToken();
  const issued = await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + WELCOME_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  // One live link per account: the older ones stop working.
  await revokePasswordLinks(user.id, issued?.id);
  const identity = await getSetting("identity");
  const base = env().BASE_URL;
  const link = `${base}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`;
  await queueMail({
    to: user.email,
    subject: `Votre compte sur le site du club ${identity.clubName}`,
    text: [
      `Bonjour ${user.prenom},`.replace(" ,", ","),
      "",
      `Un compte a été créé pour vous sur le site du club ${identity.clubName}, avec l'adresse ${user.email}.`,
      "",
      `Pour choisir votre mot de passe, ouvrez ce lien (valable ${WELCOME_LINK_DAYS} jours, utilisable une seule fois) :`,
      link,
      "",
      `Vous pourrez ensuite vous connecter à l'espace membre : ${base}/connexion`,
      `Si le lien a expiré, demandez-en un nouveau sur ${base}/mot-de-passe-oublie.`,
      "",
      "Si vous ne connaissez pas ce club, ignorez ce message.",
      "",
      `${identity.clubName}`,
    ].join("\n"),
  });
}

/** Creates an account for someone, without a password: they get the welcome link. */
export async function createManagedUser(actor: Actor, input: NewUserInput): Promise<{ id: string }> {
  const roles = normalizeRoles(input.roles);
  checkRoleSet(roles);
  checkAdminRoleChange(actor, [], roles);
  const emailAddress = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, emailAddress));
  if (existing) throw new RuleError("Un compte existe déjà avec cette adresse e-mail.", 409, "email");
  const ctx = await getAuth().$context;
  const user = await ctx.internalAdapter.createUser(
    { email: emailAddress, name: `${input.prenom} ${input.nom}`.trim(), emailVerified: false, prenom: input.prenom, nom: input.nom, roles },
    { method: "email-password" } as never,
  );
  if (!user) throw new RuleError("Le compte n'a pas pu être créé.", 500);
  await audit(db, actor, "user.create", `Compte créé (${rolesLabel(roles)}), lien pour choisir le mot de passe envoyé à ${emailAddress}.`, {
    userId: user.id,
  });
  await sendWelcomeLink({ id: user.id, email: emailAddress, prenom: input.prenom });
  log.info("account created by a manager", { userId: user.id, by: actor.id });
  return { id: user.id };
}

// ------------------------------------------------------------------ read

export async function getUser(id: string, q: Queryable = db): Promise<UserRow | null> {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** users.updatedAt as the version token of the account form. */
export function userVersion(user: Pick<UserRow, "updatedAt">): number {
  return user.updatedAt.getTime();
}

/** Everything the edit page shows. */
export async function getUserDetail(id: string, now: Date = new Date()) {
  const user = await getUser(id);
  if (!user) return null;
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const [hasPassword] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, id), eq(accounts.providerId, "credential")));
  const [google] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, id), ne(accounts.providerId, "credential")));
  const profileRows = await db
    .select()
    .from(profiles)
    .where(eq(profiles.ownerId, id))
    .orderBy(desc(profiles.isSelf), asc(profiles.createdAt), asc(profiles.id));
  const profileIds = profileRows.map((p) => p.id);
  const statuses = profileIds.length
    ? await db.select().from(seasonStatuses).where(inArray(seasonStatuses.profileId, profileIds)).orderBy(desc(seasonStatuses.season))
    : [];
  const editableSeasons = await editableSeasonsAt(now);
  const profilesOut = [];
  for (const p of profileRows) {
    const own = statuses.filter((s) => s.profileId === p.id);
    profilesOut.push({
      id: p.id,
      prenom: p.prenom,
      nom: p.nom,
      isSelf: p.isSelf,
      relationship: p.relationship,
      dateOfBirth: p.dateOfBirth,
      statuses: own.map((s) => ({
        id: s.id,
        season: s.season,
        version: s.version,
        cotisationPaidOn: s.cotisationPaidOn,
        cotisationAmountCents: s.cotisationAmountCents,
        cotisationMeans: s.cotisationMeans,
        healthKind: s.healthDocumentKind,
        healthReceivedOn: s.healthDocumentReceivedOn,
        healthValidUntil: s.healthDocumentValidUntil,
        health: healthState(s.healthDocumentReceivedOn, s.healthDocumentValidUntil, today),
        updatedAt: s.updatedAt.toISOString(),
      })),
      grades: (await getGradeHistory(p.id)).map((g) => ({
        id: g.id,
        gradeId: g.gradeId,
        awardedOn: g.awardedOn,
        note: g.note,
        name: `${g.grade.vietnameseName} — ${g.grade.frenchName}`,
      })),
    });
  }
  const history = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetUserId, id))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(30);
  const membership = await getSetting("membership");
  const [deletion] = await db
    .select({ requestedAt: deletionRequests.requestedAt, reason: deletionRequests.reason })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, id), isNull(deletionRequests.handledAt)));
  return {
    deletionRequest: deletion ? { requestedAt: deletion.requestedAt.toISOString(), reason: deletion.reason } : null,
    user: {
      id: user.id,
      prenom: user.prenom,
      nom: user.nom,
      email: user.email,
      roles: user.roles,
      active: user.active,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      version: userVersion(user),
      hasPassword: Boolean(hasPassword),
      hasGoogle: Boolean(google),
      aPayeCotisation: user.aPayeCotisation,
      certificatMedicalFourni: user.certificatMedicalFourni,
    },
    profiles: profilesOut,
    season,
    editableSeasons,
    today,
    certificateValiditySeasons: membership.certificateValiditySeasons,
    gradeTable: (await listGrades()).map((g) => ({ id: g.id, label: `${g.vietnameseName} — ${g.frenchName}` })),
    history: history.map((h) => ({ id: h.id, at: h.at.toISOString(), actorName: h.actorName, action: h.action, summary: h.summary })),
  };
}

/** Seasons whose status can be recorded: the current one, and the next one once started. */
export async function editableSeasonsAt(now: Date = new Date(), q: Queryable = db): Promise<string[]> {
  const current = await currentSeasonAt(now, q);
  const later = await q.select({ season: seasonStarts.season }).from(seasonStarts).where(sql`${seasonStarts.season} > ${current}`);
  return [current, ...later.map((l) => l.season).sort()];
}

// ---------------------------------------------------------------- update

function validationMail(user: { email: string; prenom: string }, clubName: string) {
  const base = env().BASE_URL;
  return {
    to: user.email,
    subject: "Votre inscription au club est validée",
    text: [
      `Bonjour ${user.prenom},`.replace(" ,", ","),
      "",
      `Bonne nouvelle : votre inscription au club ${clubName} est validée. Vous êtes désormais membre du club.`,
      "",
      "Votre espace membre est ouvert : votre situation pour la saison, vos grades, les techniques à réviser et la brochure du club.",
      `${base}/espace-membre`,
      "",
      "À très bientôt sur le tapis !",
      "",
      clubName,
    ].join("\n"),
  };
}

async function lockUser(tx: Transaction, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!row) throw new RuleError(MESSAGES.notFound, 404);
  return row;
}

function nextUpdatedAt(previous: Date): Date {
  return new Date(Math.max(Date.now(), previous.getTime() + 1));
}

/**
 * Saves the account part of the edit page. Returns whether a validation
 * e-mail was queued (pré-inscrit -> membre).
 */
export async function updateUserAccount(actor: Actor, id: string, input: AccountInput): Promise<{ validated: boolean }> {
  const result = await db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    checkCanEdit(actor, target);
    if (userVersion(target) !== input.version) throw new RuleError(MESSAGES.stale, 409);
    const roles = normalizeRoles(input.roles);
    checkRoleSet(roles);
    checkAdminRoleChange(actor, target.roles, roles);
    if (actor.id === target.id && !input.active && target.active) throw new RuleError(MESSAGES.selfDeactivate, 403, "active");
    await checkAdminRemains(tx, target, { roles, active: input.active });
    const emailAddress = input.email.trim().toLowerCase();
    if (emailAddress !== target.email) {
      const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, emailAddress), ne(users.id, id)));
      if (other) throw new RuleError(MESSAGES.emailTaken, 409, "email");
    }

    const changes: string[] = [];
    if (input.prenom !== target.prenom || input.nom !== target.nom) changes.push(`nom : ${target.prenom} ${target.nom} → ${input.prenom} ${input.nom}`);
    if (emailAddress !== target.email) changes.push(`e-mail : ${target.email} → ${emailAddress}`);
    const rolesChanged = roles.join(",") !== target.roles.join(",");
    if (rolesChanged) changes.push(`rôles : ${rolesLabel(target.roles) || "aucun"} → ${rolesLabel(roles)}`);
    if (input.active !== target.active) changes.push(input.active ? "compte réactivé" : "compte désactivé (sessions fermées)");
    if (changes.length === 0) return { validated: false };

    await tx
      .update(users)
      .set({
        prenom: input.prenom,
        nom: input.nom,
        name: `${input.prenom} ${input.nom}`.trim(),
        email: emailAddress,
        emailVerified: emailAddress === target.email ? target.emailVerified : false,
        roles,
        active: input.active,
        updatedAt: nextUpdatedAt(target.updatedAt),
      })
      .where(eq(users.id, id));
    await tx
      .update(profiles)
      .set({ prenom: input.prenom, nom: input.nom, updatedAt: new Date(), updatedBy: actor.id, version: sql`${profiles.version} + 1` })
      .where(and(eq(profiles.ownerId, id), eq(profiles.isSelf, true)));
    if (!input.active && target.active) await tx.delete(sessions).where(eq(sessions.userId, id));

    const validated = target.roles.includes("pré-inscrit") && roles.includes("membre");
    if (validated) {
      const identity = await getSetting("identity", tx);
      await queueMail(validationMail({ email: emailAddress, prenom: input.prenom }, identity.clubName), tx);
    }
    await audit(tx, actor, validated ? "user.validate" : "user.update", (validated ? "Inscription validée ; " : "") + changes.join(" ; "), {
      userId: id,
    });
    return { validated };
  });
  if (result.validated) void deliverPendingMail();
  return result;
}

/** « Valider l'inscription »: the pré-inscrit becomes membre (and gets the e-mail). */
export async function validateRegistration(actor: Actor, id: string, version: number): Promise<void> {
  const target = await getUser(id);
  if (!target) throw new RuleError(MESSAGES.notFound, 404);
  if (!target.roles.includes("pré-inscrit")) throw new RuleError("Cette inscription est déjà validée.", 409);
  const roles = [...target.roles.filter((r) => r !== "pré-inscrit"), "membre"];
  await updateUserAccount(actor, id, { prenom: target.prenom, nom: target.nom, email: target.email, active: target.active, roles, version });
}

export async function deleteUser(actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    checkCanEdit(actor, target);
    if (actor.id === target.id) throw new RuleError(MESSAGES.selfDelete, 403);
    await checkAdminRemains(tx, target, null);
    await audit(tx, actor, "user.delete", `Compte de ${target.prenom} ${target.nom} (${target.email}) supprimé avec ses profils.`, { userId: id });
    await tx.delete(users).where(eq(users.id, id));
  });
}

/**
 * Closes the account holder's RGPD deletion request without deleting the
 * account (data kept while still needed, e.g. the current season's
 * membership). Deleting the account closes it too (cascade).
 */
export async function closeDeletionRequest(actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    checkCanEdit(actor, target);
    await tx
      .update(deletionRequests)
      .set({ handledAt: new Date(), handledBy: actor.id })
      .where(and(eq(deletionRequests.userId, id), isNull(deletionRequests.handledAt)));
    await audit(tx, actor, "user.deletion-request-closed", `Demande de suppression de ${target.prenom} ${target.nom} classée : données conservées.`, { userId: id });
  });
}

// --------------------------------------------------------- season status

async function lockOwnedProfile(tx: Transaction, ownerId: string, profileId: number) {
  const [profile] = await tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.ownerId, ownerId)));
  if (!profile) throw new RuleError("Profil introuvable pour ce compte.", 404);
  return profile;
}

function formatStatus(s: { cotisationPaidOn: string | null; cotisationAmountCents: number | null; cotisationMeans: string | null; healthKind: string | null; healthReceivedOn: string | null; validUntil: string | null }): string {
  const parts = [
    s.cotisationPaidOn
      ? `cotisation payée le ${formatDateFr(s.cotisationPaidOn)} (${euros(s.cotisationAmountCents)} €, ${PAYMENT_MEANS_LABELS[s.cotisationMeans ?? ""] ?? s.cotisationMeans})`
      : "cotisation non payée",
    s.healthKind && s.healthReceivedOn
      ? `${(HEALTH_DOCUMENT_LABELS[s.healthKind] ?? s.healthKind).toLowerCase()} reçu le ${formatDateFr(s.healthReceivedOn)}, valable jusqu'au ${formatDateFr(s.validUntil)}`
      : "aucun document de santé",
  ];
  return parts.join(" ; ");
}

/** Records the cotisation and health document of a profile for a season. */
export async function saveSeasonStatus(actor: Actor, ownerId: string, input: StatusInput, now: Date = new Date()): Promise<void> {
  const today = parisDate(now);
  notInFuture(input.cotisationPaidOn, "cotisationPaidOn", today);
  notInFuture(input.healthReceivedOn, "healthReceivedOn", today);
  await db.transaction(async (tx) => {
    const owner = await lockUser(tx, ownerId);
    checkCanEdit(actor, owner);
    const profile = await lockOwnedProfile(tx, ownerId, input.profileId);
    const editable = await editableSeasonsAt(now, tx);
    if (!editable.includes(input.season)) throw new RuleError("Cette saison n'est plus modifiable : son historique est conservé tel quel.", 400);
    const membership = await getSetting("membership", tx);
    const validUntil =
      input.healthKind && input.healthReceivedOn ? healthValidUntil(input.healthKind, input.healthReceivedOn, input.season, membership) : null;
    const values = {
      cotisationPaidOn: input.cotisationPaidOn,
      cotisationAmountCents: input.cotisationAmount,
      cotisationMeans: input.cotisationMeans,
      healthDocumentKind: input.healthKind,
      healthDocumentReceivedOn: input.healthReceivedOn,
      healthDocumentValidUntil: validUntil,
    };
    const [existing] = await tx
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, profile.id), eq(seasonStatuses.season, input.season)))
      .for("update");
    if (existing) {
      if (existing.version !== input.version) throw new RuleError(MESSAGES.stale, 409);
      await tx
        .update(seasonStatuses)
        .set({ ...values, updatedAt: now, updatedBy: actor.id, version: existing.version + 1 })
        .where(eq(seasonStatuses.id, existing.id));
    } else {
      if (input.version !== 0) throw new RuleError(MESSAGES.stale, 409);
      await tx.insert(seasonStatuses).values({ profileId: profile.id, season: input.season, ...values, createdBy: actor.id, updatedBy: actor.id });
    }
    // A certificate also covers the later seasons already started that have no health document yet.
    if (input.healthKind === "certificat" && validUntil) {
      for (const later of editable.filter((s) => s > input.season)) {
        await tx
          .insert(seasonStatuses)
          .values({ profileId: profile.id, season: later, healthDocumentKind: "certificat", healthDocumentReceivedOn: input.healthReceivedOn, healthDocumentValidUntil: validUntil, createdBy: actor.id, updatedBy: actor.id })
          .onConflictDoUpdate({
            target: [seasonStatuses.profileId, seasonStatuses.season],
            set: { healthDocumentKind: "certificat", healthDocumentReceivedOn: input.healthReceivedOn, healthDocumentValidUntil: validUntil, updatedAt: now, updatedBy: actor.id, version: sql`${seasonStatuses.version} + 1` },
            setWhere: isNull(seasonStatuses.healthDocumentReceivedOn),
          });
      }
    }
    await audit(
      tx,
      actor,
      "status.update",
      `Saison ${input.season}, ${profile.prenom} ${profile.nom} : ${formatStatus({ ...values, healthKind: input.healthKind, healthReceivedOn: input.healthReceivedOn, validUntil })}.`,
      { userId: ownerId, profileId: profile.id },
    );
    if (profile.isSelf) await syncUserFlags([ownerId], now, tx);
  });
}

export async function addGradeEntry(actor: Actor, ownerId: string, input: GradeEntryInput, now: Date = new Date()): Promise<void> {
  notInFuture(input.awardedOn, "awardedOn", parisDate(now));
  await db.transaction(async (tx) => {
    const owner = await lockUser(tx, ownerId);
    checkCanEdit(actor, owner);
    const profile = await lockOwnedProfile(tx, ownerId, input.profileId);
    const [grade] = await tx.select().from(grades).where(eq(grades.id, input.gradeId));
    if (!grade) throw new RuleError("Grade inconnu.", 400, "gradeId");
    await tx.insert(gradeHistory).values({ profileId: profile.id, gradeId: grade.id, awardedOn: input.awardedOn!, note: input.note, createdBy: actor.id });
    await audit(tx, actor, "grade.add", `${profile.prenom} ${profile.nom} : grade ${grade.vietnameseName} (${grade.frenchName}) obtenu le ${formatDateFr(input.awardedOn)}.`, {
      userId: ownerId,
      profileId: profile.id,
    });
  });
}

export async function deleteGradeEntry(actor: Actor, ownerId: string, entryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owner = await lockUser(tx, ownerId);
    checkCanEdit(actor, owner);
    const [row] = await tx
      .select({ entry: gradeHistory, profile: profiles, grade: grades })
      .from(gradeHistory)
      .innerJoin(profiles, eq(profiles.id, gradeHistory.profileId))
      .innerJoin(grades, eq(grades.id, gradeHistory.gradeId))
      .where(and(eq(gradeHistory.id, entryId), eq(profiles.ownerId, ownerId)));
    if (!row) throw new RuleError("Cette ligne de l'historique n'existe plus.", 404);
    await tx.delete(gradeHistory).where(eq(gradeHistory.id, entryId));
    await audit(
      tx,
      actor,
      "grade.delete",
      `${row.profile.prenom} ${row.profile.nom} : grade ${row.grade.vietnameseName} du ${formatDateFr(row.entry.awardedOn)} retiré de l'historique.`,
      { userId: ownerId, profileId: row.profile.id },
    );
  });
}

// ------------------------------------------------- member profiles status

export interface MemberProfileStatus {
  profileId: number;
  prenom: string;
  nom: string;
  isSelf: boolean;
  ownerId: string;
  ownerPrenom: string;
  ownerNom: string;
  ownerEmail: string;
  cotisationPaidOn: string | null;
  healthKind: string | null;
  healthReceivedOn: string | null;
  healthValidUntil: string | null;
}

/** Every profile of the active member accounts with its status for `season` (to-do list, reminders). */
export async function memberProfileStatuses(season: string, q: Queryable = db): Promise<MemberProfileStatus[]> {
  return q
    .select({
      profileId: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      isSelf: profiles.isSelf,
      ownerId: users.id,
      ownerPrenom: users.prenom,
      ownerNom: users.nom,
      ownerEmail: users.email,
      cotisationPaidOn: seasonStatuses.cotisationPaidOn,
      healthKind: seasonStatuses.healthDocumentKind,
      healthReceivedOn: seasonStatuses.healthDocumentReceivedOn,
      healthValidUntil: seasonStatuses.healthDocumentValidUntil,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .leftJoin(seasonStatuses, and(eq(seasonStatuses.profileId, profiles.id), eq(seasonStatuses.season, season)))
    .where(and(eq(users.active, true), sql`${users.roles} && ${memberRolesArray}`))
    .orderBy(sql`lower(${profiles.nom})`, sql`lower(${profiles.prenom})`, profiles.id);
}
