/**
 * The managers' user list: search (accents and case ignored, on the stored
 * folded column `users.search_text` and its index: each word typed starts a
 * word of the name or e-mail), filters, sort,
 * pagination, and the same filtered list as a CSV export for spreadsheets.
 * The season shown is the current one (Paris date).
 */
import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { foldForSearch, profiles, seasonStatuses, selfProfile, users } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { cachedRead } from "../core/cache.server";
import { holdsRole } from "../accounts/authorize.server";
import { PENDING_ROLE, ROLES, type Role } from "../accounts/roles";
import { HEALTH_DOCUMENT_LABELS, PAYMENT_MEANS_LABELS } from "./profile-status.server";
import { currentSeasonAt } from "./seasons.server";
import { addDays, parisDate } from "../core/time";
import {
  HEALTH_STATE_LABELS,
  USER_FILTERS,
  USER_SORTS,
  type HealthState,
  type UserFilter,
  type UserSort,
} from "./users-admin-labels";
import { eurosText, EXPIRY_WARNING_DAYS, healthState, memberRolesArray, rolesLabel } from "./users-rules.server";

// ------------------------------------------------------------------- list

/** A page of the list: 20 accounts, as the managers' lists of articles and events. */
export const PER_PAGE = 20;

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

/** What is typed in the search box, folded like the stored column: lower case, no accents (Vietnamese included). */
export function foldText(s: string): string {
  return foldForSearch(s);
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

/** What a list's statements read: the words searched, the filters, the sort, the season shown. */
interface ListShape {
  /** Every word typed starts a word of the stored folded column (GIN index on its tsvector). */
  prefixes: string;
  role: Role | "";
  statut: UserFilter;
  tri: UserSort;
  season: string;
  /** A health document valid until this day or earlier is about to expire. */
  healthLimit: string;
  /** A search with few enough matches to read them first (SEARCH_SORT_LIMIT). */
  fenced: boolean;
}

function listShape(query: UserListQuery, season: string, today: string, matches?: number): ListShape {
  return {
    prefixes: searchWords(query.q)
      .map((w) => `${w}:*`)
      .join(" & "),
    role: query.role,
    statut: query.statut,
    tri: query.tri,
    season,
    healthLimit: addDays(today, EXPIRY_WARNING_DAYS),
    fenced: Boolean(query.q) && matches !== undefined && matches <= SEARCH_SORT_LIMIT,
  };
}

/** The words of a search, folded like the stored column (at most five). */
function searchWords(q: string): string[] {
  return q ? foldText(q).split(" ").filter(Boolean).slice(0, 5) : [];
}

/** The account holder's own profile of an account, then that profile's row for the season shown. */
const ownProfile = (ownerId: SQLWrapper) => and(eq(profiles.ownerId, ownerId), selfProfile);
const seasonRow = (season: string) => and(eq(seasonStatuses.profileId, profiles.id), eq(seasonStatuses.season, season));

function listConditions(shape: ListShape): SQL | undefined {
  const conds: SQL[] = [];
  if (shape.prefixes) {
    conds.push(sql`to_tsvector('simple', ${users.searchText}) @@ to_tsquery('simple', ${shape.prefixes})`);
  }
  if (shape.role) conds.push(sql`${shape.role} = any(${users.roles})`);
  const member = sql`${users.roles} && ${memberRolesArray}`;
  switch (shape.statut) {
    case "pre-inscrits":
      conds.push(holdsRole(PENDING_ROLE), eq(users.active, true));
      break;
    case "cotisation":
      conds.push(member, eq(users.active, true), isNull(seasonStatuses.cotisationPaidOn));
      break;
    case "certificat":
      conds.push(member, eq(users.active, true));
      conds.push(
        or(
          isNull(seasonStatuses.healthDocumentReceivedOn),
          sql`${seasonStatuses.healthDocumentValidUntil} <= ${shape.healthLimit}`,
        )!,
      );
      break;
    case "inactifs":
      conds.push(eq(users.active, false));
      break;
  }
  return conds.length ? and(...conds) : undefined;
}

/** The columns a list is sorted on: of `users`, or of the fenced matches of a search. */
type SortColumns = Record<"id" | "nom" | "prenom" | "email" | "createdAt", SQLWrapper>;

function listOrder(sort: UserSort, c: SortColumns = users): SQL[] {
  const lowerNom = sql`lower(${c.nom})`;
  const lowerPrenom = sql`lower(${c.prenom})`;
  switch (sort) {
    case "-nom":
      return [sql`${lowerNom} desc`, sql`${lowerPrenom} desc`, sql`${c.id}`];
    case "prenom":
      return [lowerPrenom, lowerNom, sql`${c.id}`];
    case "email":
      return [sql`${c.email}`];
    case "-cree":
      return [sql`${c.createdAt} desc`, sql`${c.id}`];
    case "cree":
      return [sql`${c.createdAt}`, sql`${c.id}`];
    default:
      return [lowerNom, lowerPrenom, sql`${c.id}`];
  }
}

/** The statuses that filter on the season row; the other filters and every sort read `users` alone. */
function needsSeason(shape: ListShape): boolean {
  return shape.statut === "cotisation" || shape.statut === "certificat";
}

/**
 * Up to this many matches, a search reads its matches through the GIN index first and sorts
 * them. Without that fence PostgreSQL, which cannot tell how few rows a search
 * matches (PGlite never runs ANALYZE), walked the name index and folded every account's text
 * (10,000 accounts: 190 ms to 1.1 s per page). Past it, the walk finds a page's matches early.
 */
const SEARCH_SORT_LIMIT = 2000;

/**
 * The ids of the filtered, sorted list (pagination in SQL, no full-table read in
 * JavaScript). Without a season filter it reads `users` alone, in the order of the
 * `users_list_order` index (migration 0001), so a page is an index range, not a sort of the club.
 */
function filteredIds(shape: ListShape) {
  const base = db
    .select({
      id: users.id,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      createdAt: users.createdAt,
      roles: users.roles,
      active: users.active,
    })
    .from(users);
  const joined = needsSeason(shape)
    ? base.leftJoin(profiles, ownProfile(users.id)).leftJoin(seasonStatuses, seasonRow(shape.season))
    : base;
  const filtered = joined.where(listConditions(shape));
  if (!shape.fenced) return filtered.orderBy(...listOrder(shape.tri));
  // A LIMIT keeps the matches a subquery of their own: planned alone, they come from the GIN index.
  const m = filtered.limit(inlineCount(SEARCH_SORT_LIMIT + 1)).as("matched");
  return db
    .select({
      id: m.id,
      nom: m.nom,
      prenom: m.prenom,
      email: m.email,
      createdAt: m.createdAt,
      roles: m.roles,
      active: m.active,
    })
    .from(m)
    .orderBy(...listOrder(shape.tri, m));
}

/**
 * The count of a list query. Counting 10,000 accounts reads the whole table (4–5 ms on PGlite,
 * more while dead rows wait for the nightly VACUUM): kept in the process until any write (the
 * public-reads cache of cache.server.ts), so paging through a list counts it once. Every manager sees the same
 * count; no member's own data.
 */
function countUsers(query: UserListQuery, season: string, today: string): Promise<number> {
  const key = `users-count:${season}:${today}:${query.role}:${query.statut}:${query.q}`;
  return cachedRead(key, async () => ({ value: await countUsersNow(query, season, today) }));
}

async function countUsersNow(query: UserListQuery, season: string, today: string): Promise<number> {
  const shape = listShape(query, season, today);
  const base = db.select({ total: sql<number>`count(*)::int` }).from(users);
  const joined = needsSeason(shape)
    ? base.leftJoin(profiles, ownProfile(users.id)).leftJoin(seasonStatuses, seasonRow(season))
    : base;
  const [counted] = await joined.where(listConditions(shape));
  return counted?.total ?? 0;
}

/**
 * The rows of one page in one query: the page's accounts (the filtered, sorted list's index
 * range, `filteredIds`) as a subquery, then their details (season, family) for those rows only.
 * `matches`: the count of a search, when known (see SEARCH_SORT_LIMIT).
 */
async function selectUsers(
  query: UserListQuery,
  season: string,
  today: string,
  page: { limit: number; offset: number },
  matches?: number,
): Promise<UserListItem[]> {
  const shape = listShape(query, season, today, matches);
  const onPage = filteredIds(shape).limit(inlineCount(page.limit)).offset(inlineCount(page.offset)).as("on_page");
  const familyCount = sql<number>`(select count(*)::int from ${profiles} f where f.owner_id = ${onPage.id} and not f.is_self)`;
  const rows = await db
    .select({
      id: onPage.id,
      prenom: onPage.prenom,
      nom: onPage.nom,
      email: onPage.email,
      roles: onPage.roles,
      active: onPage.active,
      createdAt: onPage.createdAt,
      cotisationPaidOn: seasonStatuses.cotisationPaidOn,
      cotisationAmountCents: seasonStatuses.cotisationAmountCents,
      cotisationMeans: seasonStatuses.cotisationMeans,
      healthKind: seasonStatuses.healthDocumentKind,
      healthReceivedOn: seasonStatuses.healthDocumentReceivedOn,
      healthValidUntil: seasonStatuses.healthDocumentValidUntil,
      familyCount,
    })
    .from(onPage)
    .leftJoin(profiles, ownProfile(onPage.id))
    .leftJoin(seasonStatuses, seasonRow(season))
    .orderBy(...listOrder(shape.tri, onPage));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    health: healthState(r.healthReceivedOn, r.healthValidUntil, today),
  }));
}

export async function listUsers(query: UserListQuery, now: Date = new Date()) {
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const offset = (query.page - 1) * PER_PAGE;
  let total: number;
  let asked: UserListItem[];
  if (query.q) {
    // A search: its count first, which chooses how its page is read (SEARCH_SORT_LIMIT).
    total = await countUsers(query, season, today);
    asked = await selectUsers(query, season, today, { limit: PER_PAGE, offset }, total);
  } else {
    // The count and the asked page side by side (PostgreSQL runs them at once).
    [total, asked] = await Promise.all([
      countUsers(query, season, today),
      selectUsers(query, season, today, { limit: PER_PAGE, offset }),
    ]);
  }
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const page = Math.min(query.page, pages);
  // A page past the end (a stale link) is read again as the last one.
  const items =
    page === query.page
      ? asked
      : await selectUsers(query, season, today, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }, total);
  return { items, total, page, pages, season, today };
}

// -------------------------------------------------------------------- CSV

/** One CSV cell: quoted when needed, formula-looking text neutralised for spreadsheets. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function frDate(iso: string | null): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

const CSV_BATCH = 500;

/** The CSV's header, for the season shown. */
function csvHeader(season: string): string[] {
  return [
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
}

function csvRow(r: UserListItem): string {
  return [
    r.prenom,
    r.nom,
    r.email,
    rolesLabel(r.roles),
    r.active ? "oui" : "non",
    frDate(r.createdAt),
    r.cotisationPaidOn ? "payée" : "non payée",
    frDate(r.cotisationPaidOn),
    eurosText(r.cotisationAmountCents),
    r.cotisationMeans ? (PAYMENT_MEANS_LABELS[r.cotisationMeans] ?? r.cotisationMeans) : "",
    r.healthKind ? (HEALTH_DOCUMENT_LABELS[r.healthKind] ?? r.healthKind) : "",
    frDate(r.healthReceivedOn),
    frDate(r.healthValidUntil),
    HEALTH_STATE_LABELS[r.health],
    r.familyCount,
  ]
    .map(csvCell)
    .join(";");
}

/**
 * The filtered list (every page) as a CSV document for French spreadsheets (UTF-8 with BOM,
 * ';' separator, CRLF line ends), read from the
 * database 500 rows at a time and sent as they come (never the whole club in memory).
 * `onDone` gets the number of rows once the last one is sent.
 */
export async function streamUsersCsv(
  query: UserListQuery,
  now: Date = new Date(),
  onDone?: (count: number) => void,
): Promise<ReadableStream<Uint8Array>> {
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const matches = query.q ? await countUsers(query, season, today) : undefined;
  const encoder = new TextEncoder();
  let offset = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = "";
      if (!started) {
        started = true;
        text = `\uFEFF${csvHeader(season).map(csvCell).join(";")}\r\n`;
      }
      const rows = await selectUsers(query, season, today, { limit: CSV_BATCH, offset }, matches);
      offset += rows.length;
      for (const r of rows) text += `${csvRow(r)}\r\n`;
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < CSV_BATCH) {
        controller.close();
        onDone?.(offset);
      }
    },
  });
}
