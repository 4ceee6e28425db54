import { eq } from "drizzle-orm";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, outbox } from "#db/schema";
import { app, type AppResponse } from "../../../tests/helpers/app";
import { submitContact } from "./contact.server";
import { firstErrors, type SubmissionResult } from "../http/forms";
import { db } from "../core/db.server";
import { resetRateLimits } from "../http/rate-limit.server";
import { resetSubmissions } from "../http/submissions.server";
import { TEST_CLUB } from "../../../tests/helpers/test-club";

function form(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

const valid = {
  name: "Camille Martin",
  email: "camille.martin@exemple.fr",
  subject: "Cours d'essai",
  message: "Bonjour, puis-je venir essayer un cours adulte mardi prochain ?",
  site_web: "",
};

function callAction(values: Record<string, string>, ip: string) {
  return app.post("/contact", values, { ip });
}

beforeEach(async () => {
  await resetRateLimits();
  await resetSubmissions();
});

describe("contact form validation", () => {
  it("gives a French error for each missing field and keeps the values", async () => {
    const result = await submitContact(
      form({ name: "", email: "", subject: "", message: "", site_web: "" }),
      "10.0.0.1",
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(firstErrors(result.result)).toEqual({
      name: "Indiquez votre nom.",
      email: "Indiquez votre adresse e-mail.",
      subject: "Choisissez l'objet de votre message.",
      message: "Écrivez votre message.",
    });
  });

  it("refuses a bad e-mail, an unknown subject and a too short message, keeping what was typed", async () => {
    const typed = { name: "Camille", email: "camille@", subject: "Publicité", message: "Salut", site_web: "" };
    const result = await submitContact(form(typed), "10.0.0.2");
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    const errors = firstErrors(result.result);
    expect(errors.email).toMatch(/n'est pas valide/);
    expect(errors.subject).toBe("Choisissez l'objet de votre message.");
    expect(errors.message).toMatch(/au moins 10 caractères/);
    expect(errors.name).toBeUndefined();
    expect(result.result.initialValue).toMatchObject({
      name: "Camille",
      email: "camille@",
      subject: "Publicité",
      message: "Salut",
    });
    expect(await db.select().from(contactMessages)).toHaveLength(0);
  });

  it("refuses a message over 5000 characters", async () => {
    const result = await submitContact(form({ ...valid, message: "a".repeat(5001) }), "10.0.0.3");
    expect(result.status === "invalid" && firstErrors(result.result).message).toMatch(/5\s000 caractères/);
  });

  it("never echoes more of a field than its maximum (a 1 MB post gives a small answer)", async () => {
    const result = await submitContact(
      form({ ...valid, email: "x", message: "a".repeat(1_000_000), name: "n".repeat(50_000) }),
      "10.0.0.6",
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.result.initialValue?.message).toHaveLength(5000);
    expect(result.result.initialValue?.name).toHaveLength(100);
  });
});

describe("sending", () => {
  it("stores the message and queues the mail to the club with reply-to the visitor", async () => {
    const result = await submitContact(form(valid), "10.0.0.4");
    expect(result.status).toBe("sent");
    if (result.status !== "sent") return;
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, result.messageId!));
    assert(message);
    expect(message).toMatchObject({
      name: valid.name,
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
    });
    expect(message.outboxId).toBe(result.outboxId);
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, result.outboxId!));
    assert(mail);
    expect(mail.to).toBe(TEST_CLUB.identity.email);
    expect(mail.replyTo).toBe(valid.email);
    expect(mail.subject).toContain("Cours d'essai");
    expect(mail.text).toContain(valid.message);
    // No SMTP configured in tests: kept for a later attempt, never lost.
    expect(mail.status).toBe("pending");
  });

  it("honeypot: answers like a success but stores and sends nothing", async () => {
    const before = (await db.select().from(contactMessages)).length;
    const outboxBefore = (await db.select().from(outbox)).length;
    const result = await submitContact(form({ ...valid, site_web: "https://spam.example" }), "10.0.0.5");
    expect(result).toEqual({ status: "sent", messageId: null, outboxId: null });
    expect(await db.select().from(contactMessages)).toHaveLength(before);
    expect(await db.select().from(outbox)).toHaveLength(outboxBefore);

    const response = await callAction({ ...valid, site_web: "http://spam.example" }, "10.0.0.5");
    expect(response.status).toBe(302);
    expect(response.redirect).toBe("/contact?envoye=1");
    expect(await db.select().from(contactMessages)).toHaveLength(before);
  });
});

describe("rate limit", () => {
  it("refuses the 6th message of the hour from one address with HTTP 429 and when to retry", async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await callAction({ ...valid, message: `Message numéro ${i + 1} pour le club.` }, "192.0.2.7");
      expect(ok.status).toBe(302);
    }
    const refused = (await callAction(valid, "192.0.2.7")) as AppResponse<{ result: SubmissionResult<string[]> }>;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data.result.error?.[""]?.[0]).toMatch(/réessayer dans 60 minutes/);
    expect(refused.data.result.initialValue?.message).toBe(valid.message);

    // Another address is not affected.
    expect((await callAction(valid, "192.0.2.8")).status).toBe(302);
  });

  it("gives invalid forms a 400 with the errors", async () => {
    const res = (await callAction({ ...valid, email: "pas-une-adresse" }, "192.0.2.9")) as AppResponse<{
      result: SubmissionResult<string[]>;
    }>;
    expect(res.status).toBe(400);
    expect(res.data.result.error?.email?.[0]).toMatch(/adresse e-mail/);
  });

  it("a double-submitted form stores one message; another visitor with the same page token still gets through", async () => {
    const twice = { ...valid, message: "Message envoyé deux fois par un double clic.", _envoi: "jeton-1" };
    const countOf = async (message: string) =>
      (await db.select().from(contactMessages).where(eq(contactMessages.message, message))).length;
    // Two submits at once, then a third one later (resent POST).
    const results = await Promise.all([submitContact(form(twice), "10.0.1.1"), submitContact(form(twice), "10.0.1.1")]);
    expect(results.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect((await submitContact(form(twice), "10.0.1.1")).status).toBe("sent");
    expect(await countOf(twice.message)).toBe(1);
    // Same token (the page came from the cache), other visitor and message: stored.
    const other = { ...twice, email: "autre@exemple.fr", message: "Un autre message, d'un autre visiteur." };
    expect((await submitContact(form(other), "10.0.1.2")).status).toBe("sent");
    expect(await countOf(other.message)).toBe(1);
  });
});
