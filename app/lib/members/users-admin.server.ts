/**
 * User management for the managers (admin, user_manager), one module per
 * concern; this file only gathers them for existing importers:
 *  - users-admin.ts            the forms' schemas (browser-safe)
 *  - users-rules.server.ts     who may change what, last admin, audit log
 *  - users-list.server.ts      the list (search, filters, sort, pages) and its CSV export
 *  - users-detail.server.ts    one account for the edit page
 *  - users-accounts.server.ts  create, edit, validate, delete an account
 *  - users-seasons.server.ts   season status and grades of its profiles
 * Refusals are `DomainError` (app/lib/core/errors.ts).
 */
export * from "./users-admin";
export * from "./users-rules.server";
export * from "./users-list.server";
export * from "./users-detail.server";
export * from "./users-accounts.server";
export * from "./users-seasons.server";
