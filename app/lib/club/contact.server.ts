/**
 * The contact form: validation, anti-spam (honeypot + per-IP rate limit, the
 * public forms' one guard: http/spam-guard.server.ts), storage and the e-mail
 * to the club through the outbox.
 *
 * The message is stored in `contact_messages` and its e-mail in the outbox in
 * one transaction, then delivery is attempted; when SMTP is down or not
 * configured the outbox keeps retrying, so no message is ever lost.
 * A double submit (same token and fields), in any process, is stored once
 * and answered like the first (submissions.server.ts, decision 0019).
 */
import { eq } from "drizzle-orm";
import { contactSchema, type ContactInput } from "./contact-schema";
import { contactMessages } from "#db/schema";
import { db } from "../core/db.server";
import { parseSubmission, reply, type SubmissionResult } from "../http/forms";
import { log } from "../core/log.server";
import { deliverPendingMail } from "../mail/mail.server";
import { sendMail } from "../mail/send.server";
import { contactMessageMail } from "../mail/templates/contact-message";
import { honeypotFilled, publicFormLimit, type RateLimited } from "../http/spam-guard.server";
import { submitOnce } from "../http/submissions.server";
import { getSetting } from "./settings.server";
import { invariant } from "../core/invariant";

export { contactSchema, type ContactInput };

export type ContactResult =
  | { status: "sent"; messageId: number | null; outboxId: number | null }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | RateLimited;

/** Handles one submission of the contact form from the client `ip`. */
export async function submitContact(formData: FormData, ip: string): Promise<ContactResult> {
  if (honeypotFilled(formData, "contact", ip)) {
    // Same answer as a real success, but nothing is stored or sent.
    return { status: "sent", messageId: null, outboxId: null };
  }

  const submission = parseSubmission(formData, contactSchema);
  if (submission.status !== "success") return { status: "invalid", result: reply(submission) };

  const refused = await publicFormLimit("contact", ip, submission, "messages");
  if (refused) return refused;

  // Claimed even without a token: the same message twice from one sender is one message.
  const once = await submitOnce("contact", formData, () => storeContactMessage(submission.value), { contentKey: true });
  if (once.status !== "first") {
    log.info("contact: duplicate submission ignored", { ip });
    return { status: "sent", messageId: null, outboxId: null };
  }
  void deliverPendingMail();
  return { status: "sent", messageId: once.value.messageId, outboxId: once.value.outboxId };
}

/** Stores the message and queues its e-mail to the club, in one transaction. */
export async function storeContactMessage(
  input: ContactInput,
): Promise<{ messageId: number; outboxId: number | null }> {
  const identity = await getSetting("identity");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    invariant(row, "message de contact inséré");
    // No club e-mail entered yet (issue 56): the message waits on the managers' messages page only.
    if (!identity.email) return { messageId: row.id, outboxId: null };
    const outboxId = await sendMail(
      contactMessageMail,
      {
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        receivedAt: row.createdAt,
      },
      { to: identity.email, replyTo: input.email },
    );
    await tx.update(contactMessages).set({ outboxId }).where(eq(contactMessages.id, row.id));
    return { messageId: row.id, outboxId };
  });
}
