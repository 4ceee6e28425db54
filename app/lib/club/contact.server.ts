/**
 * The contact form: validation, anti-spam (honeypot + per-IP rate limit),
 * storage and the e-mail to the club through the outbox.
 *
 * The message is stored in `contact_messages` and its e-mail in the outbox in
 * one transaction, then delivery is attempted; when SMTP is down or not
 * configured the outbox keeps retrying, so no message is ever lost.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { CONTACT_SUBJECTS, HONEYPOT_FIELD, SUBJECT_SHORTCUTS } from "./contact";
import { contactMessages } from "#db/schema";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { parseForm, type FieldErrors } from "../http/forms";
import { log } from "../core/log.server";
import { deliverPendingMail, queueMail } from "../mail/mail.server";
import { checkRateLimit, retryAfterText } from "../http/rate-limit.server";
import { getSetting } from "./settings.server";

export { CONTACT_SUBJECTS, HONEYPOT_FIELD, SUBJECT_SHORTCUTS };

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").trim();

export const contactSchema = z.object({
  name: z
    .string({ error: "Indiquez votre nom." })
    .transform(oneLine)
    .pipe(z.string().min(1, "Indiquez votre nom.").max(100, "Votre nom ne peut pas dépasser 100 caractères.")),
  email: z
    .string({ error: "Indiquez votre adresse e-mail." })
    .trim()
    .min(1, "Indiquez votre adresse e-mail.")
    .max(200, "Cette adresse e-mail est trop longue.")
    .pipe(z.email("Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).")),
  subject: z.enum(CONTACT_SUBJECTS, { error: "Choisissez l'objet de votre message." }),
  message: z
    .string({ error: "Écrivez votre message." })
    .trim()
    .min(1, "Écrivez votre message.")
    .min(10, "Votre message est trop court : écrivez au moins 10 caractères.")
    .max(5000, "Votre message ne peut pas dépasser 5 000 caractères."),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactResult =
  | { status: "sent"; messageId: number | null; outboxId: number | null }
  | { status: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { status: "rate-limited"; message: string; retryAfterSeconds: number; values: Record<string, string> };

/** Handles one submission of the contact form from the client `ip`. */
export async function submitContact(formData: FormData, ip: string): Promise<ContactResult> {
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Same answer as a real success, but nothing is stored or sent.
    log.info("contact: honeypot filled, message dropped", { ip });
    return { status: "sent", messageId: null, outboxId: null };
  }

  const parsed = parseForm(formData, contactSchema);
  if (!parsed.ok) {
    const { [HONEYPOT_FIELD]: _hp, ...values } = parsed.values;
    return { status: "invalid", errors: parsed.errors, values };
  }

  const limit = checkRateLimit(`contact:${ip}`, env().RATE_LIMIT_CONTACT_PER_HOUR, 3600_000);
  if (!limit.ok) {
    const { [HONEYPOT_FIELD]: _hp, ...values } = parsed.values;
    log.warn("contact: rate limit reached", { ip });
    return {
      status: "rate-limited",
      retryAfterSeconds: limit.retryAfterSeconds,
      message: `Vous avez envoyé plusieurs messages en peu de temps. Par mesure de protection contre les envois abusifs, merci de réessayer ${retryAfterText(limit.retryAfterSeconds)}.`,
      values,
    };
  }

  const { messageId, outboxId } = await storeContactMessage(parsed.data);
  void deliverPendingMail();
  return { status: "sent", messageId, outboxId };
}

/** Stores the message and queues its e-mail to the club, in one transaction. */
export async function storeContactMessage(input: ContactInput): Promise<{ messageId: number; outboxId: number }> {
  const identity = await getSetting("identity");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    const outboxId = await queueMail(
      {
        to: identity.email,
        replyTo: input.email,
        subject: `[Site] ${input.subject} – ${input.name}`,
        text: contactMailText(input, row.createdAt),
      },
      tx,
    );
    await tx.update(contactMessages).set({ outboxId }).where(eq(contactMessages.id, row.id));
    return { messageId: row.id, outboxId };
  });
}

function contactMailText(input: ContactInput, at: Date): string {
  const when = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "full", timeStyle: "short" }).format(at);
  return [
    "Nouveau message envoyé depuis le formulaire de contact du site.",
    "",
    `Nom : ${input.name}`,
    `E-mail : ${input.email}`,
    `Objet : ${input.subject}`,
    `Reçu le : ${when}`,
    "",
    input.message,
    "",
    "—",
    "Pour répondre, utilisez simplement la fonction « Répondre » de votre messagerie.",
    "Le message est aussi enregistré dans l'espace membre (tableau de bord).",
  ].join("\n");
}
