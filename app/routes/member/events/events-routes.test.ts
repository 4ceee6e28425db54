/**
 * Event management: validation (French, per field), Paris times, version
 * check, and every action refused to the roles that may not manage content.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { app, refusedByGuard } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import {
  eventFormValues,
  getEventRow,
  saveEvent as saveParsedEvent,
  EVENT_CONFLICT_MESSAGE,
} from "~/lib/content/event-editing.server";
import { eventSchema, eventUpdateSchema } from "~/lib/content/event-form";
import { DomainError } from "~/lib/core/errors";
import { eq } from "drizzle-orm";
import { listUpcomingEvents } from "~/lib/content/events.server";
import { EVENT_GONE } from "~/lib/content/content-messages";
import { firstErrors, parseSubmission, type SubmissionResult } from "~/lib/http/forms";

function fd(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

/**
 * The form as the action handles it: parsed with its schema,
 * then saved; refusals read as `{ errors, values }` (first error per field,
 * "_form" for the whole form, what was typed).
 */
async function saveEvent(id: number | null, body: FormData, userId: string) {
  const submission = parseSubmission(body, id === null ? eventSchema : eventUpdateSchema);
  const values = Object.fromEntries(
    Object.entries(submission.payload).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  const refused = (errors: Record<string, string>, conflict = false) => ({
    ok: false as const,
    errors,
    values,
    conflict,
  });
  if (submission.status !== "success") {
    const { "": form, ...fields } = firstErrors(submission.reply());
    return refused(form ? { ...fields, _form: form } : fields);
  }
  try {
    return { ok: true as const, event: await saveParsedEvent(id, submission.value, userId) };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return refused({ [err.field ?? "_form"]: err.message }, err.status === 409);
  }
}

const cookies: Record<string, string> = {};
let managerId: string;

beforeAll(async () => {
  for (const role of ["article_manager", "admin", "membre", "user_manager", "pré-inscrit"]) {
    const created = await createUser({ roles: [role] });
    cookies[role] = created.cookie;
    if (role === "article_manager") managerId = created.user.id;
  }
});

const valid = {
  title: "Stage de printemps",
  category: "stage",
  startsAt: "2031-04-12T09:30",
  endsAt: "2031-04-12T17:00",
  place: "Gymnase Casalis",
  description: "Ouvert à tous les grades.",
};

describe("event editing", () => {
  it("stores Paris times as instants and records who", async () => {
    const res = await saveEvent(null, fd({ ...valid, membersOnly: "on" }), managerId);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.event.startsAt.toISOString()).toBe("2031-04-12T07:30:00.000Z");
    expect(res.event).toMatchObject({
      membersOnly: true,
      createdBy: managerId,
      updatedBy: managerId,
      version: 1,
      allDay: false,
    });
    expect(eventFormValues(res.event)).toMatchObject({
      startsAt: "2031-04-12T09:30",
      endsAt: "2031-04-12T17:00",
      membersOnly: "on",
    });
  });

  it("stores an all-day range with an exclusive end", async () => {
    const res = await saveEvent(
      null,
      fd({
        title: "Fermeture de Noël",
        category: "fermeture",
        allDay: "on",
        startDay: "2031-12-20",
        endDay: "2032-01-04",
      }),
      managerId,
    );
    if (!res.ok) throw new Error(JSON.stringify(res.errors));
    expect(res.event.startsAt.toISOString()).toBe("2031-12-19T23:00:00.000Z");
    expect(res.event.endsAt.toISOString()).toBe("2032-01-04T23:00:00.000Z");
    expect(eventFormValues(res.event)).toMatchObject({ startDay: "2031-12-20", endDay: "2032-01-04", allDay: "on" });
  });

  it("refuses an end before the start, an empty title and an unknown category, by the field", async () => {
    const res = await saveEvent(
      null,
      fd({ ...valid, title: " ", category: "fete", endsAt: "2031-04-12T08:00" }),
      managerId,
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toMatchObject({
      title: "Le titre est obligatoire.",
      endsAt: "La fin doit être après le début.",
      category: "Choisissez une catégorie dans la liste.",
    });
    expect(res.values.place).toBe("Gymnase Casalis");
    const days = await saveEvent(
      null,
      fd({ ...valid, allDay: "on", startDay: "2031-04-12", endDay: "2031-04-10" }),
      managerId,
    );
    expect(!days.ok && days.errors.endDay).toBe("Le dernier jour ne peut pas être avant le premier jour.");
    const missing = await saveEvent(null, fd({ title: "Sans date", category: "autre" }), managerId);
    expect(!missing.ok && missing.errors).toMatchObject({
      startsAt: "Indiquez la date et l’heure de début.",
      endsAt: "Indiquez la date et l’heure de fin.",
    });
  });

  it("refuses the second of two saves based on the same version", async () => {
    const created = await saveEvent(null, fd(valid), managerId);
    if (!created.ok) throw new Error("create failed");
    const id = created.event.id;
    expect((await saveEvent(id, fd({ ...valid, title: "Version A", version: "1" }), managerId)).ok).toBe(true);
    const second = await saveEvent(id, fd({ ...valid, title: "Version B", version: "1" }), managerId);
    expect(second.ok).toBe(false);
    expect(!second.ok && second.conflict).toBe(true);
    expect(!second.ok && second.errors._form).toBe(EVENT_CONFLICT_MESSAGE);
    expect((await getEventRow(id))!.title).toBe("Version A");
  });

  it("keeps members-only events out of the public lists", async () => {
    const now = new Date("2031-01-01T00:00:00Z");
    const pub = await listUpcomingEvents({ now, limit: 50 });
    const all = await listUpcomingEvents({ now, limit: 50, includeMembersOnly: true });
    expect(pub.some((e) => e.membersOnly)).toBe(false);
    expect(all.some((e) => e.membersOnly)).toBe(true);
  });
});

describe("event routes: roles", () => {
  it("refuses every action to membre, user_manager, pré-inscrit (back to the member home) and visitors (sign-in)", async () => {
    const [target] = await db
      .insert(events)
      .values({ title: "Cible", startsAt: new Date("2031-05-01T10:00:00Z"), endsAt: new Date("2031-05-01T12:00:00Z") })
      .returning();
    assert(target);
    const count = (await db.select().from(events)).length;
    for (const role of ["membre", "user_manager", "pré-inscrit", null]) {
      const cookie = role ? cookies[role] : undefined;
      const attempts = [
        () => app.post("/espace-membre/evenements/ajouter", valid, { as: cookie }),
        () => app.post(`/espace-membre/evenements/modifier/${target.id}`, { ...valid, version: "1" }, { as: cookie }),
        () => app.post("/espace-membre/evenements", { intent: "delete", id: String(target.id) }, { as: cookie }),
      ];
      for (const attempt of attempts) {
        const res = await attempt();
        if (role) expect(refusedByGuard(res)).toBe(true);
        else expect(res.redirect).toMatch(/^\/connexion\?redirectTo=/);
      }
    }
    expect(await db.select().from(events)).toHaveLength(count);
    expect((await getEventRow(target.id))!.title).toBe("Cible");

    for (const role of ["article_manager", "admin"]) {
      const created = await app.post("/espace-membre/evenements/ajouter", valid, { as: cookies[role] });
      expect(created.status).toBe(302);
    }
    const deleted = await app.post(
      "/espace-membre/evenements",
      { intent: "delete", id: String(target.id) },
      { as: cookies.admin },
    );
    expect(deleted.status).toBe(302);
    expect(await getEventRow(target.id)).toBeNull();
  });
});

describe("deleting an event that does not exist", () => {
  it("answers a French 404, not success", async () => {
    const result = await app.post<{ result: SubmissionResult<string[]> }>(
      "/espace-membre/evenements",
      { intent: "delete", id: "999999" },
      { as: cookies.admin },
    );
    expect(result.status).toBe(404);
    expect(firstErrors((result.data ?? (result.error as typeof result.data)).result)[""]).toBe(EVENT_GONE);
  });
});

describe("a double-submitted new event (issue 11)", () => {
  it("is stored once: the replay of the page's token goes where the first went", async () => {
    const page = await app.get("/espace-membre/evenements/ajouter", { as: cookies.article_manager });
    const fields = { ...valid, title: "Événement envoyé deux fois", _envoi: page.data.submissionToken as string };
    const answers = await Promise.all(
      [1, 2, 3].map(() => app.post("/espace-membre/evenements/ajouter", fields, { as: cookies.article_manager })),
    );
    const rows = await db.select().from(events).where(eq(events.title, "Événement envoyé deux fois"));
    expect(rows).toHaveLength(1);
    expect(answers.map((a) => a.redirect)).toEqual(
      Array(3).fill(`/espace-membre/evenements?enregistre=${rows[0]?.id}`),
    );
  });
});
