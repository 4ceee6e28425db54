/**
 * Anti-spam of the public forms, browser-safe half: the name
 * of the honeypot field, hidden from people and from assistive technology,
 * filled in by robots (`<HoneypotField>` renders it; spam-guard.server.ts
 * reads it).
 */
export const HONEYPOT_FIELD = "site_web";
