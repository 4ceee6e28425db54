/**
 * Every form action of the route table (app/routes.ts), sent a table of
 * malformed requests by a signed-in administrator: wrong or missing
 * Content-Type, multipart without boundary or broken, NUL bytes, ids beyond
 * 32 bits, `1e309`, `1.5` and non-numeric ids in every sub-form (intent) of
 * the route. None may end in a 5xx: each answer or thrown value must be a
 * redirect or a 4xx (a thrown Error would be a 500).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { userContext } from "~/lib/accounts/auth-context";
import { requestInfoContext } from "~/lib/http/context";
import { resetRateLimits } from "~/lib/http/rate-limit.server";
import { createUser } from "../helpers/auth";

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

/** [url path, module file] of every route, with params filled by "1". */
function flatten(entries: Entry[], parent = ""): Array<{ url: string; file: string }> {
  return entries.flatMap((e) => {
    const here = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent;
    return [{ url: here || "/", file: e.file }, ...flatten(e.children ?? [], here)];
  });
}

const ACTIONS = flatten(routes as unknown as Entry[])
  .filter(({ url }) => !url.includes("*"))
  .map(({ url, file }) => {
    const source = readFileSync(path.join("app", file), "utf8");
    const intents = [
      ...new Set([...source.matchAll(/(?:case |intent === |intent !== )"([a-z-]+)"/g)].map((m) => m[1] ?? "")),
    ];
    return { url: url.replace(/:(\w+)/g, (_, name) => (name === "section" ? "identite" : "1")), file, source, intents };
  })
  .filter(({ source }) => /export (async )?function action/.test(source));

const BAD_IDS = ["99999999999999999999", "1e309", "1.5", "abc", "-1", "1\u0000"];
const ID_FIELDS = ["id", "profileId", "entryId", "gradeId", "itemId", "version", "todoId"];

type Case = { name: string; contentType?: string; body?: BodyInit };

function cases(intents: string[]): Case[] {
  const list: Case[] = [
    { name: "no Content-Type", body: "a=1" },
    { name: "JSON", contentType: "application/json", body: '{"email":"a@exemple.fr"}' },
    { name: "text/plain", contentType: "text/plain", body: "email=a@exemple.fr" },
    { name: "multipart without boundary", contentType: "multipart/form-data", body: "--x\r\n\r\n" },
    { name: "broken multipart", contentType: "multipart/form-data; boundary=zz", body: "--zz\r\ngarbage" },
    { name: "empty form", contentType: "application/x-www-form-urlencoded", body: "" },
    {
      name: "NUL bytes",
      contentType: "application/x-www-form-urlencoded",
      body: "email=a%00%40exemple.fr&token=ab%00c&password=x%00y&id=1%00",
    },
  ];
  for (const intent of intents.length ? intents : [""]) {
    for (const bad of BAD_IDS) {
      const form = new URLSearchParams({ intent });
      for (const f of ID_FIELDS) form.set(f, bad);
      list.push({
        name: `intent=${intent} ids=${JSON.stringify(bad)}`,
        contentType: "application/x-www-form-urlencoded",
        body: form.toString(),
      });
    }
  }
  return list;
}

/** The HTTP status an action outcome becomes (return value or thrown value). */
function statusOf(outcome: unknown): number {
  if (outcome instanceof Error) return 500;
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object") {
    const o = outcome as { init?: { status?: number } | null; status?: number; type?: string };
    if (o.type === "DataWithResponseInit") return o.init?.status ?? 200;
    if (typeof o.status === "number") return o.status;
    return 200; // plain data
  }
  return outcome === undefined || outcome === null ? 200 : 500;
}

describe("malformed requests to every form action", () => {
  it("enumerates the form actions of the route table", () => {
    expect(ACTIONS.length).toBeGreaterThanOrEqual(20);
  });

  it("answers every malformed request with a redirect or a 4xx, never a 5xx", { timeout: 300_000 }, async () => {
    const admin = await createUser({ roles: ["admin"] });
    const failures: string[] = [];
    let sent = 0;
    for (const { url, file, intents } of ACTIONS) {
      const mod = (await import(/* @vite-ignore */ path.resolve("app", file))) as {
        action: (args: unknown) => Promise<unknown>;
      };
      for (const c of cases(intents)) {
        await resetRateLimits();
        const headers = new Headers({ cookie: admin.cookie, origin: "http://localhost:3000" });
        if (c.contentType) headers.set("Content-Type", c.contentType);
        const request = new Request(`http://localhost:3000${url}`, { method: "POST", body: c.body, headers });
        if (!c.contentType) request.headers.delete("Content-Type");
        const context = new RouterContextProvider(
          new Map<never, never>([
            [requestInfoContext as never, { ip: "127.0.0.1", nonce: "" } as never],
            [userContext as never, admin.user as never],
          ]),
        );
        let outcome: unknown;
        try {
          outcome = await mod.action({ request, context, params: { id: "1", section: "identite", articleId: "1" } });
        } catch (err) {
          outcome = err;
        }
        sent++;
        const status = statusOf(outcome);
        if (status >= 500) {
          const detail = outcome instanceof Error ? outcome.message : JSON.stringify(outcome)?.slice(0, 200);
          failures.push(`${url} [${c.name}] -> ${status}: ${detail}`);
        }
      }
    }
    console.info(`${ACTIONS.length} form actions, malformed requests sent: ${sent}, 5xx: ${failures.length}`);
    expect(failures).toEqual([]);
  });
});
