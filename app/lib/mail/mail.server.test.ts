/**
 * The mail outbox against a real SMTP server (smtp-server on a free local
 * port): delivery, retry after the server was down, no SMTP at all, a server
 * that accepts DATA and never answers, and a stable Message-ID per row.
 */
import net from "node:net";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { assert, afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outbox } from "#db/schema";
import { db } from "../core/db.server";
import { env, setEnvForTests } from "../core/env.server";
import { log } from "../core/log.server";
import {
  claimMessage,
  deliverPendingMail,
  outboxMessageId,
  purgeSentMail,
  queueMail,
  resendMail,
  resetMailTransport,
  stopMail,
} from "./mail.server";

const received: ParsedMail[] = [];
let server: SMTPServer | null = null;
let port = 0;
let baseEnv: Record<string, string> = {};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
    srv.on("error", reject);
  });
}

/** Recipients for whom the server swallows DATA and never answers. */
const STUCK = "bloque@exemple.fr";

async function startSmtp(): Promise<void> {
  if (server) return;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (session.envelope.rcptTo.some((r) => r.address === STUCK)) return; // never answers
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
}

async function stopSmtp(): Promise<void> {
  if (!server) return;
  const s = server;
  server = null;
  await new Promise<void>((resolve) => s.close(() => resolve()));
}

function useSmtp(url: string) {
  setEnvForTests({ ...baseEnv, SMTP_URL: url });
  resetMailTransport();
}

async function row(id: number) {
  const [r] = await db.select().from(outbox).where(eq(outbox.id, id));
  return r;
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ""));
}

beforeAll(async () => {
  const e = env();
  // Keep the test set-up (data folder, secret…) when changing SMTP_URL.
  baseEnv = {
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    BASE_URL: e.BASE_URL,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: "",
    LOG_LEVEL: "error",
  };
  port = await freePort();
});

afterEach(() => vi.restoreAllMocks());

afterAll(async () => {
  await stopSmtp();
  useSmtp("");
});

describe("mail outbox", () => {
  it("delivers a queued message to the SMTP server and marks it sent", async () => {
    await startSmtp();
    useSmtp(`smtp://127.0.0.1:${port}`);
    const id = await queueMail({
      to: "club@exemple.fr",
      replyTo: "visiteur@exemple.fr",
      subject: "Demande de renseignements – été",
      text: "Bonjour,\nQuels sont les horaires des cours enfants ?",
      html: "<p>Bonjour,</p><p>Quels sont les horaires des cours enfants ?</p>",
    });
    await deliverPendingMail();

    const mail = received.find((m) => m.subject === "Demande de renseignements – été");
    expect(mail).toBeDefined();
    expect(addressesOf(mail!)).toEqual(["club@exemple.fr"]);
    expect(mail!.replyTo?.value[0]?.address).toBe("visiteur@exemple.fr");
    expect(mail!.text).toContain("Quels sont les horaires des cours enfants ?");
    expect(mail!.html).toContain("<p>Bonjour,</p>");
    expect(mail!.from?.text).toContain("ne-pas-repondre@localhost");

    const r = await row(id);
    assert(r);
    expect(r.status).toBe("sent");
    expect(r.sentAt).toBeInstanceOf(Date);
    expect(r.attempts).toBe(1);
    expect(r.lastError).toBeNull();
  });

  it("a message is due the moment it is queued, even when the database's clock is ahead of the site's", async () => {
    // The due check compares with the site's clock (milliseconds): a database
    // default (its own clock, microseconds) made a message queued within the same
    // millisecond wait for the next run. Here the site's clock is a minute behind.
    await startSmtp();
    useSmtp(`smtp://127.0.0.1:${port}`);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 60_000 });
    try {
      const id = await queueMail({ to: "club@exemple.fr", subject: "Dû dès la mise en file", text: "…" });
      await deliverPendingMail();
      expect(received.map((m) => m.subject)).toContain("Dû dès la mise en file");
      expect((await row(id))?.status).toBe("sent");
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the message pending while the server is down, then delivers it on retry", async () => {
    await stopSmtp();
    useSmtp(`smtp://127.0.0.1:${port}`);
    const before = received.length;
    const id = await queueMail({
      to: "club@exemple.fr",
      subject: "Message pendant la panne",
      text: "Ne pas perdre ce message.",
    });
    await deliverPendingMail();

    let r = await row(id);
    expect(r?.status).toBe("pending");
    expect(r?.attempts).toBe(1);
    expect(r?.lastError).toBeTruthy();
    expect(r?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(received.length).toBe(before);

    // Not due yet: another run does not try again.
    await deliverPendingMail();
    expect((await row(id))?.attempts).toBe(1);

    await startSmtp();
    await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    await deliverPendingMail();

    r = await row(id);
    expect(r?.status).toBe("sent");
    expect(r?.attempts).toBe(2);
    expect(r?.lastError).toBeNull();
    const mail = received.find((m) => m.subject === "Message pendant la panne");
    expect(mail?.text).toContain("Ne pas perdre ce message.");
  });

  it("without SMTP_URL the message stays pending and is logged without its text nor address (secrets)", async () => {
    useSmtp("");
    const info = vi.spyOn(log, "info");
    const before = received.length;
    const text = "Ouvrez ce lien : http://localhost:3000/reinitialiser-mot-de-passe?token=SECRET-TOKEN-123";
    const id = await queueMail({ to: "club@exemple.fr", subject: "Sans SMTP", text });
    await deliverPendingMail();

    const r = await row(id);
    assert(r);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(0);
    expect(received.length).toBe(before);
    expect(info).toHaveBeenCalledWith("mail stored (no SMTP configured)", { id, subject: "Sans SMTP" });
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/SECRET-TOKEN-123|club@exemple\.fr/);
    expect(r.text).toBe(text);
  });

  it("purges sent messages after the retention period, keeps the others", async () => {
    useSmtp("");
    const now = new Date("2031-03-01T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const [old, recent, pending] = await db
      .insert(outbox)
      .values([
        { to: "a@exemple.fr", subject: "Vieux", text: "x", status: "sent", sentAt: new Date(now.getTime() - 31 * day) },
        {
          to: "b@exemple.fr",
          subject: "Récent",
          text: "x",
          status: "sent",
          sentAt: new Date(now.getTime() - 29 * day),
        },
        {
          to: "c@exemple.fr",
          subject: "En attente",
          text: "x",
          status: "pending",
          createdAt: new Date(now.getTime() - 90 * day),
        },
      ])
      .returning({ id: outbox.id });
    expect(env().OUTBOX_RETENTION_DAYS).toBe(30);
    expect(await purgeSentMail(now)).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(left).not.toContain(old?.id);
    expect(left).toContain(recent?.id);
    expect(left).toContain(pending?.id);
  });

  it("a server that never answers DATA holds neither the other messages nor the shutdown", async () => {
    await startSmtp();
    setEnvForTests({ ...baseEnv, SMTP_URL: `smtp://127.0.0.1:${port}` });
    // (A time-out shorter than the default 30 s only so that the abandoned socket closes before the end of the file.)
    resetMailTransport({ socketMs: 5_000 });
    const stuck = await queueMail({ to: STUCK, subject: "Bloqué", text: "Jamais acquitté." });
    const others = [
      await queueMail({ to: "a@exemple.fr", subject: "Autre message 1", text: "Un." }),
      await queueMail({ to: "b@exemple.fr", subject: "Autre message 2", text: "Deux." }),
    ];
    const run = deliverPendingMail();
    // The other messages arrive while the stuck one still waits for its answer.
    await expect
      .poll(() => received.filter((m) => m.subject?.startsWith("Autre message")).length, { timeout: 15_000 })
      .toBe(2);
    for (const id of others) await expect.poll(async () => (await row(id))?.status).toBe("sent");
    expect((await row(stuck))?.status).toBe("pending");
    // Shutdown closes the pool: the stuck attempt fails, stays pending for a later retry.
    await stopMail();
    await run;
    const r = await row(stuck);
    assert(r);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(1);
    expect(r.lastError).toBeTruthy();
  });

  it("gives up on a silent server after the socket time-out", async () => {
    await startSmtp();
    setEnvForTests({ ...baseEnv, SMTP_URL: `smtp://127.0.0.1:${port}` });
    resetMailTransport({ socketMs: 300 });
    const id = await queueMail({ to: STUCK, subject: "Délai dépassé", text: "Jamais acquitté." });
    await deliverPendingMail();
    const r = await row(id);
    assert(r);
    expect(r.status).toBe("pending");
    expect(r.lastError).toMatch(/timeout|timed out/i);
    resetMailTransport();
  });

  it("sends a message again with the same Message-ID, so receivers can drop the copy", async () => {
    await startSmtp();
    useSmtp(`smtp://127.0.0.1:${port}`);
    const id = await queueMail({ to: "club@exemple.fr", subject: "Envoyé deux fois", text: "Même message." });
    await deliverPendingMail();
    // As after a kill between the SMTP "250" and the update of the row: the row is sent again.
    await resendMail(id);
    await deliverPendingMail();
    const copies = received.filter((m) => m.subject === "Envoyé deux fois");
    expect(copies).toHaveLength(2);
    expect(copies[0]?.messageId).toBe(copies[1]?.messageId);
    const r = await row(id);
    assert(r);
    expect(copies[0]?.messageId).toBe(outboxMessageId(r));
    expect(copies[0]?.messageId).toMatch(new RegExp(`^<outbox-${id}\\.[a-z0-9]+@localhost>$`));
  });

  it("lets one run only claim a due message, whichever process or machine asks, and frees it when its sender's lease runs out", async () => {
    useSmtp("");
    const id = await queueMail({ to: "club@exemple.fr", subject: "Réclamé une fois", text: "Un seul envoi." });
    const at = new Date(Date.now() + 1000);
    // Two machines read the same due row and claim it at once: one wins.
    const claims = await Promise.all([claimMessage({ id, attempts: 0 }, at), claimMessage({ id, attempts: 0 }, at)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimMessage({ id, attempts: 0 }, new Date(at.getTime() + 60_000))).toBe(false);
    // Its sender died without a word: another run may take it once the lease is over.
    expect(await claimMessage({ id, attempts: 0 }, new Date(at.getTime() + 6 * 60_000))).toBe(true);
  });
});
