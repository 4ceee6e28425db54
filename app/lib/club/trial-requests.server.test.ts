/**
 * Booking a trial class through the real request handler (/cours-d-essai):
 * the sessions offered (two weeks, or the next four
 * sessions after a break), the confirmation e-mail, refusals next to the session
 * field with everything typed kept (past, cancelled, full), honeypot, rate
 * limit, one-time token, the managers' notification. Fixed clock, no wall time.
 */
import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { events, outbox, trialRequests } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { parisTime } from "../core/time";
import { firstErrors, type SubmissionResult } from "../http/forms";
import { resetRateLimits } from "../http/rate-limit.server";
import { resetSubmissions } from "../http/submissions.server";
import { runManagerDigest, setNotificationChoice } from "../members/manager-notifications.server";
import { setSetting } from "./settings.server";
import { defaultSettings } from "./settings-schemas";
import { TEST_CLUB } from "../../../tests/helpers/test-club";
import { offeredSessions } from "./trial-requests.server";

/** A session's line in the page's data (the trial-class loader). */
type SessionLine = { key: string; full: boolean; title: string; detail: string };

const SEASON = {
  seasonStart: "2026-09-07",
  seasonEnd: "2027-06-30",
  zone: "C" as const,
  skipSchoolHolidays: false,
  schoolHolidays: [],
};
/** Tuesday 24 November 2026, 11:00 in Paris. */
const NOW = Date.UTC(2026, 10, 24, 10, 0);

const visitor = {
  session: "2026-11-25_enfants-mer",
  prenom: "Léo",
  nom: "Bernard",
  ageGroup: "enfant",
  parentName: "Claire Bernard",
  email: "claire.bernard@exemple.fr",
  phone: "",
  message: "Léo a 8 ans et n'a jamais pratiqué.",
  site_web: "",
};

let ipCounter = 0;
const ip = () => `10.9.0.${++ipCounter}`;
const book = (fields: Record<string, string>, from = ip()) => app.post("/cours-d-essai", fields, { ip: from });
const resultOf = (res: { data: unknown }) => (res.data as { result: SubmissionResult<string[]> }).result;

async function setCapacity(n: number | null) {
  await setSetting("membership", { ...defaultSettings.membership, trialVisitorsPerSession: n });
}

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await setSetting("classCalendar", SEASON);
  await db.insert(events).values({
    title: "Fermeture du gymnase",
    startsAt: parisTime("2026-12-02"),
    endsAt: parisTime("2026-12-03"),
    allDay: true,
    category: "fermeture",
  });
  admin = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });
});

afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  await db.delete(trialRequests);
  await db.delete(outbox);
  await resetRateLimits();
  await resetSubmissions();
  await setCapacity(3);
});

describe("the sessions offered", () => {
  it("lists the coming two weeks' sessions not started yet, without the cancelled ones", async () => {
    const res = await app.get("/cours-d-essai");
    expect(res.status).toBe(200);
    const days = (res.data as { days: Array<{ date: string; sessions: SessionLine[] }> }).days;
    const keys = days.flatMap((d) => d.sessions.map((s) => s.key));
    expect(keys[0]).toBe("2026-11-24_adultes-mar"); // tonight, 20:00
    expect(keys).toContain("2026-11-25_enfants-mer");
    expect(keys.some((k) => k.startsWith("2026-12-02"))).toBe(false); // closure
    expect(keys.every((k) => k.slice(0, 10) <= "2026-12-08")).toBe(true);
    expect((await offeredSessions())[0]?.placesLeft).toBe(3);
    // Each session's line as the page shows it, written by the loader, and
    // nothing else: the page's data does not repeat the session's hours, group, level or place.
    const first = days[0]?.sessions[0];
    assert(first, "a session is offered");
    expect(Object.keys(first).sort()).toEqual(["detail", "full", "key", "title"]);
    expect(first.title).toBe("20\u00a0h – 22\u00a0h · Adultes (16 ans et plus)");
    expect(first.full).toBe(false);
    expect(first.detail).not.toMatch(/complet|restante/);
  });

  it("reaches the first classes after a long break: the summer offers September's first sessions", async () => {
    // Thursday 1 July 2027: the season ended on 30 June, the next one starts on Monday 6 September.
    vi.setSystemTime(Date.UTC(2027, 6, 1, 10, 0));
    try {
      await setSetting("classCalendar", { ...SEASON, seasonStart: "2027-09-06", seasonEnd: "2028-06-30" });
      const res = await app.get("/cours-d-essai");
      const days = (res.data as { days: Array<{ date: string; sessions: SessionLine[] }> }).days;
      const keys = days.flatMap((d) => d.sessions.map((s) => s.key));
      expect(keys).toEqual([
        "2027-09-07_adultes-mar",
        "2027-09-08_enfants-mer",
        "2027-09-08_ados-mer",
        "2027-09-10_adultes-ven",
      ]);
      expect((await book({ ...visitor, session: "2027-09-08_enfants-mer" })).redirect).toContain("envoye=1");
      const far = await book({ ...visitor, prenom: "Zoé", session: "2027-09-11_enfants-sam" });
      expect(firstErrors(resultOf(far)).session).toMatch(/trop loin/);
    } finally {
      vi.setSystemTime(NOW);
      await setSetting("classCalendar", SEASON);
    }
  });
});

describe("booking a trial class", () => {
  it("stores the request, mails the visitor the date, time, place and what to bring, and tells the managers", async () => {
    const res = await book(visitor);
    expect(res.redirect).toBe("/cours-d-essai?envoye=1&cours=2026-11-25_enfants-mer&courriel=1");
    const [row] = await db.select().from(trialRequests);
    assert(row);
    expect(row).toMatchObject({
      sessionDate: "2026-11-25",
      slotId: "enfants-mer",
      prenom: "Léo",
      parentName: "Claire Bernard",
      status: "a-traiter",
      slotGroup: "Enfants (6-11 ans)",
    });

    const mails = await db.select().from(outbox);
    const confirmation = mails.find((m) => m.to === visitor.email);
    assert(confirmation);
    expect(confirmation.subject).toBe("Votre cours d'essai du mercredi 25 novembre 2026 à 17\u00a0h\u00a030");
    expect(confirmation.text).toContain("Bonjour Claire Bernard,");
    expect(confirmation.text).toContain("pour Léo");
    expect(confirmation.text).toContain(
      "Date\u00a0: mercredi 25 novembre 2026, de 17\u00a0h\u00a030 à 18\u00a0h\u00a030",
    );
    expect(confirmation.text).toContain("Lieu\u00a0: Dojo, Gymnase Casalis, 8 rue Jean Gabin, 94000 Créteil");
    expect(confirmation.text).toContain("À prévoir\u00a0: une tenue de sport confortable et une gourde d'eau.");
    expect(confirmation.text).toContain("Les deux premiers cours sont gratuits");
    expect(confirmation.replyTo).toBe(TEST_CLUB.identity.email);

    const notice = mails.find((m) => m.to === admin.email);
    expect(notice?.subject).toBe("Demande de cours d'essai\u00a0: Léo Bernard");
    expect(notice?.text).toContain("/espace-membre/essais");

    // The confirmation shows the session chosen and says the e-mail was sent.
    const thanks = await app.get(res.redirect!);
    const { sent, token, sentNotice } = thanks.data as {
      sent: boolean;
      token: string | null;
      sentNotice: { lines: string[]; again: { to: string } };
    };
    expect([sent, token]).toEqual([true, null]);
    expect(sentNotice.lines[0]).toMatch(
      /^Cours choisi\s: mercredi 25 novembre 2026 à 17\u00a0h\u00a030, Enfants \(6-11 ans\)\.$/,
    );
    expect(sentNotice.lines[1]).toContain("Un e-mail de confirmation vous a été envoyé");
    expect(sentNotice.again.to).toBe("/cours-d-essai");
  });

  it("follows the managers' notification choice: no e-mail for « jamais »", async () => {
    await setNotificationChoice(admin.user.id, "jamais");
    try {
      await book(visitor);
      const mails = await db.select().from(outbox).where(eq(outbox.to, admin.email));
      expect(mails).toHaveLength(0);
    } finally {
      await setNotificationChoice(admin.user.id, "immediat");
    }
  });

  it("puts the request in the next morning's digest of a manager who chose « quotidien », not in an immediate e-mail", async () => {
    const daily = await createUser({ roles: ["user_manager"], prenom: "Dora", nom: "Quotidien" });
    await setNotificationChoice(daily.user.id, "quotidien");
    try {
      await book(visitor);
      expect(await db.select().from(outbox).where(eq(outbox.to, daily.email))).toHaveLength(0);
      expect((await runManagerDigest(parisTime("2026-11-25", "09:00"))).ran).toBe(true);
      const [digest] = await db.select().from(outbox).where(eq(outbox.to, daily.email));
      expect(digest?.text).toContain(
        "- Demande de cours d'essai\u00a0: Léo Bernard (claire.bernard@exemple.fr), le 24 novembre 2026 à 11\u00a0h",
      );
    } finally {
      await setNotificationChoice(daily.user.id, "jamais");
    }
  });

  it("accepts a phone number alone, without a confirmation e-mail", async () => {
    const res = await book({ ...visitor, email: "", phone: "06 12 34 56 78" });
    expect(res.redirect).toContain("courriel=0");
    expect(await db.select().from(outbox).where(eq(outbox.to, visitor.email))).toHaveLength(0);
  });

  it("asks for an e-mail or a phone, and a parent's name for a child, keeping what was typed", async () => {
    const res = await book({ ...visitor, email: "", phone: "", parentName: "" });
    expect(res.status).toBe(400);
    expect(firstErrors(resultOf(res))).toEqual({
      email: "Indiquez une adresse e-mail ou un numéro de téléphone pour que le club puisse vous répondre.",
      parentName: "Pour un enfant ou un adolescent, indiquez le nom du parent qui fait la demande.",
    });
    expect(resultOf(res).initialValue).toMatchObject({
      prenom: "Léo",
      message: visitor.message,
      session: visitor.session,
    });
  });
});

describe("every error at once", () => {
  it("shows the missing session, contact and parent together (as a browser without JavaScript gets them)", async () => {
    const res = await book({ ...visitor, session: "", email: "", parentName: "" });
    expect(res.status).toBe(400);
    expect(Object.keys(firstErrors(resultOf(res))).sort()).toEqual(["email", "parentName", "session"]);
    expect(firstErrors(resultOf(res)).session).toBe("Choisissez le cours auquel vous voulez venir.");
  });
});

describe("refused sessions, with everything typed kept", () => {
  async function refused(session: string) {
    const res = await book({ ...visitor, session });
    expect(res.redirect).toBeNull();
    expect(resultOf(res).initialValue).toMatchObject({
      prenom: "Léo",
      nom: "Bernard",
      email: visitor.email,
      message: visitor.message,
      session,
    });
    expect(await db.select().from(trialRequests).where(eq(trialRequests.prenom, "Léo"))).toHaveLength(0);
    return { status: res.status, errors: firstErrors(resultOf(res)) };
  }

  it("refuses a past session", async () => {
    expect(await refused("2026-11-21_enfants-sam")).toEqual({
      status: 400,
      errors: { session: "Ce cours a déjà commencé ou est passé : choisissez un cours à venir." },
    });
  });

  it("refuses a session that started an hour ago", async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 24, 20, 0)); // 21:00 in Paris, the adults' class began at 20:00
    try {
      expect((await refused("2026-11-24_adultes-mar")).errors.session).toMatch(/déjà commencé/);
    } finally {
      vi.setSystemTime(NOW);
    }
  });

  it("refuses a cancelled session, saying why", async () => {
    expect((await refused("2026-12-02_enfants-mer")).errors).toEqual({
      session: "Ce cours n'aura pas lieu (Fermeture du gymnase) : choisissez un autre cours.",
    });
  });

  it("refuses a session beyond the next two weeks", async () => {
    expect((await refused("2026-12-09_enfants-mer")).errors).toEqual({
      session: "Ce cours est trop loin pour réserver un essai : choisissez un des prochains cours de la liste.",
    });
  });

  it("refuses a session that is not in the schedule", async () => {
    expect((await refused("2026-11-26_enfants-mer")).errors.session).toMatch(/n'existe pas dans le planning/);
  });

  it("refuses a full session once its places are taken, and offers it as full", async () => {
    await setCapacity(1);
    expect((await book({ ...visitor, prenom: "Inès", email: "ines@exemple.fr" })).redirect).toContain("envoye=1");
    expect(await refused("2026-11-25_enfants-mer")).toEqual({
      status: 409,
      errors: { session: "Ce cours est complet pour les essais : choisissez un autre cours." },
    });
    const page = await app.get("/cours-d-essai");
    const sessions = (page.data as { days: Array<{ sessions: SessionLine[] }> }).days.flatMap((d) => d.sessions);
    const full = sessions.find((s) => s.key === visitor.session);
    assert(full, "the full session is still offered");
    expect((await offeredSessions()).find((s) => s.key === visitor.session)?.placesLeft).toBe(0);
    // The page's line for it, written by the loader: shown full, not to be chosen.
    expect(full.full).toBe(true);
    expect(full.detail).toMatch(/(^| · )complet$/);
  });

  it("gives the last place to one of two visitors booking it at the same time", async () => {
    await setCapacity(1);
    const answers = await Promise.all([
      book({ ...visitor, prenom: "Inès", email: "ines@exemple.fr" }),
      book({ ...visitor, prenom: "Jules", email: "jules@exemple.fr" }),
    ]);
    expect(answers.filter((a) => a.redirect?.includes("envoye=1"))).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(1);
    expect(await db.select().from(trialRequests)).toHaveLength(1);
  });

  it("gives an abandoned request's place back", async () => {
    await setCapacity(1);
    await book({ ...visitor, prenom: "Inès", email: "ines@exemple.fr" });
    await db.update(trialRequests).set({ status: "abandonne" });
    expect((await book(visitor)).redirect).toContain("envoye=1");
  });

  it("takes no limit when the setting is empty", async () => {
    await setCapacity(null);
    for (let i = 0; i < 4; i++)
      expect((await book({ ...visitor, prenom: `Enfant${i}` })).redirect).toContain("envoye=1");
  });
});

describe("anti-spam and double submits", () => {
  it("drops a request whose honeypot is filled, answering as if it was sent", async () => {
    const res = await book({ ...visitor, site_web: "https://spam.example" });
    expect(res.redirect).toContain("envoye=1");
    expect(await db.select().from(trialRequests)).toHaveLength(0);
    expect(await db.select().from(outbox)).toHaveLength(0);
  });

  it("limits the requests per hour from one address, with Retry-After", async () => {
    await setCapacity(null);
    const from = ip();
    for (let i = 0; i < 5; i++)
      expect((await book({ ...visitor, prenom: `P${i}` }, from)).redirect).toContain("envoye=1");
    const res = await book({ ...visitor, prenom: "P5" }, from);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(firstErrors(resultOf(res))[""]).toMatch(/plusieurs demandes en peu de temps/);
    expect(await db.select().from(trialRequests)).toHaveLength(5);
  });

  it("books once when the same form is sent twice with its one-time token", async () => {
    const page = await app.get("/cours-d-essai");
    // The form's one-time token, which the page puts in the form.
    const token = (page.data as { token: string }).token;
    expect(token).toBeTruthy();
    const first = await book({ ...visitor, _envoi: token });
    const second = await book({ ...visitor, _envoi: token });
    expect(second.redirect).toBe(first.redirect);
    expect(await db.select().from(trialRequests).where(eq(trialRequests.prenom, "Léo"))).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.to, visitor.email))).toHaveLength(1);
  });
});
