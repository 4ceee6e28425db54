/**
 * Sends a message through its template: the one way the site writes an
 * e-mail (templates/), stored in the outbox (mail.server.ts).
 *
 * Rules:
 *  - No e-mail text outside templates/: a caller gives the template, its
 *    data and the envelope (to, reply-to); the club's identity and the site's
 *    address are read here (a pure template never reads a setting).
 *  - Queued inside the caller's transaction, if any (see queueMail).
 */
import { getSetting } from "../club/settings.server";
import { env } from "../core/env.server";
import { queueMail } from "./mail.server";
import { renderMail, type MailClub, type MailTemplate } from "./templates/layout";

/** The club as the templates see it: its identity settings and the site's address. */
export async function mailClub(): Promise<MailClub> {
  return { identity: await getSetting("identity"), baseUrl: env().BASE_URL.replace(/\/$/, "") };
}

/** Renders `template` with `data` and stores it in the outbox; returns the outbox row's id. */
export async function sendMail<D>(
  template: MailTemplate<D>,
  data: D,
  envelope: { to: string; replyTo?: string },
): Promise<number> {
  const rendered = renderMail(template, data, await mailClub());
  return queueMail({ to: envelope.to, replyTo: envelope.replyTo, ...rendered });
}
