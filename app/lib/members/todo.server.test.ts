/**
 * The admin to-do list: derived tasks appear and disappear with the data;
 * the managers' own tasks through the page's action (no JavaScript needed).
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { contactMessages, deletionRequests, outbox, profiles, seasonStatuses, todos } from "#db/schema";
import { app, refusedByGuard, type AppResponse } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { currentSeasonAt } from "./seasons.server";
import { addDays, parisDate } from "../core/time";
import { derivedTasks } from "./todo.server";
import { closeDeletionRequest, deleteUser, validateRegistration } from "./users-admin.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";

function post(fields: Record<string, string>, cookie: string) {
  return app.post("/espace-membre/todo", fields, { as: cookie });
}

async function keys(group: string): Promise<string[]> {
  const { groups } = await derivedTasks();
  return groups.find((g) => g.id === group)!.tasks.map((t) => t.key);
}

async function hrefOf(group: string, key: string): Promise<string> {
  const { groups } = await derivedTasks();
  return groups.find((g) => g.id === group)!.tasks.find((t) => t.key === key)!.href;
}

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });
});

describe("derived tasks", () => {
  it("a pré-inscrit to validate appears with a link to their page, and disappears once validated", async () => {
    const pending = await createUser({ roles: ["pré-inscrit"], prenom: "Paul", nom: "Attente" });
    expect(await keys("pre-inscrits")).toContain(`pre-${pending.user.id}`);
    expect(await hrefOf("pre-inscrits", `pre-${pending.user.id}`)).toBe(
      `/espace-membre/utilisateurs/modifier/${pending.user.id}`,
    );
    const [row] = await db.select().from(profiles).where(eq(profiles.ownerId, pending.user.id));
    assert(row);
    // A pré-inscrit is not yet counted in the members' cotisations.
    expect(await keys("cotisations")).not.toContain(`cot-${row.id}`);
    await validateRegistration(admin.user, pending.user.id, await getVersion(pending.user.id));
    expect(await keys("pre-inscrits")).not.toContain(`pre-${pending.user.id}`);
    expect(await keys("cotisations")).toContain(`cot-${row.id}`);
  });

  it("unpaid cotisations and missing or expiring certificates appear per profile, family included, and disappear when recorded", async () => {
    const parent = await createUser({ roles: ["membre"], prenom: "Nadia", nom: "Parent" });
    const [own] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
    assert(own);
    const [child] = await db
      .insert(profiles)
      .values({ ownerId: parent.user.id, prenom: "Léo", nom: "Parent", relationship: "enfant" })
      .returning();
    assert(child);
    const season = await currentSeasonAt();
    const today = parisDate();

    for (const id of [own.id, child.id]) {
      expect(await keys("cotisations")).toContain(`cot-${id}`);
      expect(await keys("certificats")).toContain(`cert-${id}`);
    }
    const { groups } = await derivedTasks();
    const childTask = groups.find((g) => g.id === "cotisations")!.tasks.find((t) => t.key === `cot-${child.id}`)!;
    expect(childTask.label).toBe("Cotisation de Léo Parent (famille de Nadia Parent)");
    expect(childTask.href).toBe(`/espace-membre/utilisateurs/modifier/${parent.user.id}#profil-${child.id}`);

    // Cotisation paid and a certificate valid for long: both tasks of the own profile go.
    await db.insert(seasonStatuses).values({
      profileId: own.id,
      season,
      cotisationPaidOn: today,
      cotisationAmountCents: 18000,
      cotisationMeans: "cheque",
      healthDocumentKind: "certificat",
      healthDocumentReceivedOn: today,
      healthDocumentValidUntil: addDays(today, 400),
    });
    expect(await keys("cotisations")).not.toContain(`cot-${own.id}`);
    expect(await keys("certificats")).not.toContain(`cert-${own.id}`);
    expect(await keys("cotisations")).toContain(`cot-${child.id}`);

    // The child's certificate expires within 30 days: still listed, as expiring.
    await db.insert(seasonStatuses).values({
      profileId: child.id,
      season,
      healthDocumentKind: "certificat",
      healthDocumentReceivedOn: today,
      healthDocumentValidUntil: addDays(today, 20),
    });
    const again = await derivedTasks();
    const expiring = again.groups.find((g) => g.id === "certificats")!.tasks.find((t) => t.key === `cert-${child.id}`)!;
    expect(expiring.detail).toMatch(/^Expire le /);
    await db
      .update(seasonStatuses)
      .set({ healthDocumentValidUntil: addDays(today, 60) })
      .where(and(eq(seasonStatuses.profileId, child.id), eq(seasonStatuses.season, season)));
    expect(await keys("certificats")).not.toContain(`cert-${child.id}`);
  });

  it("contact messages not answered or not delivered appear, with a link to the messages page", async () => {
    const [mail] = await db
      .insert(outbox)
      .values({ to: "club@exemple.fr", subject: "Contact", text: "…", status: "sent" })
      .returning();
    assert(mail);
    const [msg] = await db
      .insert(contactMessages)
      .values({
        name: "Jeanne",
        email: "jeanne@exemple.fr",
        subject: "Cours d'essai",
        message: "Bonjour",
        outboxId: mail.id,
      })
      .returning();
    assert(msg);
    expect(await keys("messages")).toContain(`msg-${msg.id}`);
    expect(await hrefOf("messages", `msg-${msg.id}`)).toBe(
      `/espace-membre/contenu/messages?message=${msg.id}#message-detail`,
    );
    await db
      .update(contactMessages)
      .set({ answeredAt: new Date(), answeredBy: admin.user.id })
      .where(eq(contactMessages.id, msg.id));
    expect(await keys("messages")).not.toContain(`msg-${msg.id}`);
    await db.update(outbox).set({ status: "failed" }).where(eq(outbox.id, mail.id));
    expect(await keys("messages")).toContain(`msg-${msg.id}`);
    await db.update(outbox).set({ status: "sent" }).where(eq(outbox.id, mail.id));
    expect(await keys("messages")).not.toContain(`msg-${msg.id}`);
  });

  it("an RGPD deletion request appears, and disappears once classed or once the account is deleted", async () => {
    const kept = await createUser({ roles: ["membre"], prenom: "Karim", nom: "Garde" });
    const gone = await createUser({ roles: ["membre"], prenom: "Denise", nom: "Départ" });
    for (const u of [kept, gone]) {
      await db.insert(deletionRequests).values({ userId: u.user.id, reason: "Je quitte la région" });
    }
    expect(await keys("suppressions")).toEqual(expect.arrayContaining([`del-${kept.user.id}`, `del-${gone.user.id}`]));
    expect(await hrefOf("suppressions", `del-${kept.user.id}`)).toBe(
      `/espace-membre/utilisateurs/modifier/${kept.user.id}`,
    );
    await closeDeletionRequest(admin.user, kept.user.id);
    await deleteUser(admin.user, gone.user.id);
    expect(await keys("suppressions")).not.toContain(`del-${kept.user.id}`);
    expect(await keys("suppressions")).not.toContain(`del-${gone.user.id}`);
    const [closed] = await db.select().from(deletionRequests).where(eq(deletionRequests.userId, kept.user.id));
    assert(closed);
    expect(closed.handledBy).toBe(admin.user.id);
  });

  it("the page shows them to an admin", async () => {
    const { data: page } = await app.get<{ groups: Array<{ id: string; tasks: unknown[] }> }>("/espace-membre/todo", {
      as: admin.cookie,
    });
    expect(page.groups.map((g) => g.id)).toEqual([
      "pre-inscrits",
      "cotisations",
      "certificats",
      "messages",
      "suppressions",
      "paiements",
      "alertes-paiement",
      "pieces",
      "reglages",
    ]);
  });
});

async function getVersion(userId: string): Promise<number> {
  const { users } = await import("#db/schema");
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  assert(u);
  return u.updatedAt.getTime();
}

describe("the managers' own tasks", () => {
  it("create, edit, tick, reopen and delete through the page's action", async () => {
    const invalid = await post({ intent: "create", title: "", notes: "", dueOn: "2026-13-45" }, admin.cookie);
    const body = invalid as AppResponse<{ result: SubmissionResult<string[]> }>;
    expect(body.status).toBe(400);
    expect(firstErrors(body.data.result).title).toBe("Le titre est obligatoire");
    expect(firstErrors(body.data.result).dueOn).toMatch(/date valide|n'existe pas/);

    const created = await post(
      { intent: "create", title: "Commander les ceintures", notes: "10 bleues", dueOn: "2026-12-01" },
      admin.cookie,
    );
    expect(created.status).toBe(302);
    const [todo] = await db.select().from(todos).where(eq(todos.title, "Commander les ceintures"));
    assert(todo);
    expect(todo.createdBy).toBe(admin.user.id);
    expect(todo.dueOn).toBe("2026-12-01");

    const edited = await post(
      {
        intent: "update",
        id: String(todo.id),
        version: String(todo.version),
        title: "Commander 12 ceintures",
        notes: "",
        dueOn: "",
      },
      admin.cookie,
    );
    expect(edited.status).toBe(302);
    const stale = await post(
      {
        intent: "update",
        id: String(todo.id),
        version: String(todo.version),
        title: "Trop tard",
        notes: "",
        dueOn: "",
      },
      admin.cookie,
    );
    expect(stale.status).toBe(409);

    await post({ intent: "done", id: String(todo.id) }, admin.cookie);
    let [row] = await db.select().from(todos).where(eq(todos.id, todo.id));
    expect(row?.title).toBe("Commander 12 ceintures");
    expect(row?.dueOn).toBeNull();
    expect(row?.doneAt).not.toBeNull();
    await post({ intent: "reopen", id: String(todo.id) }, admin.cookie);
    [row] = await db.select().from(todos).where(eq(todos.id, todo.id));
    expect(row?.doneAt).toBeNull();

    const { data: page } = await app.get<{ todos: Array<{ id: number; done: boolean }> }>("/espace-membre/todo", {
      as: admin.cookie,
    });
    expect(page.todos.find((t) => t.id === todo.id)?.done).toBe(false);

    await post({ intent: "delete", id: String(todo.id) }, admin.cookie);
    expect(await db.select().from(todos).where(eq(todos.id, todo.id))).toHaveLength(0);
  });

  it("refuses a user_manager and a membre", async () => {
    for (const roles of [["user_manager"], ["membre"]]) {
      const who = await createUser({ roles });
      const result = await post({ intent: "create", title: "Intrus", notes: "", dueOn: "" }, who.cookie);
      expect(refusedByGuard(result)).toBe(true);
    }
    expect(await db.select().from(todos).where(eq(todos.title, "Intrus"))).toHaveLength(0);
  });
});
