/**
 * Valid HTML: the Nu Html Checker (vnu-jar, Java) finds no error on every
 * public page, the 404 page, and every member page without a parameter as an
 * administrator sees it (read from the route config). The pages are fetched
 * from the production server and checked in one run of the checker.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/club/public-pages";
import { e2eUser, signInRequest } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { memberRoutePatterns } from "./member-routes";

const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
}

test("the Nu Html Checker finds no error on the public pages and the administrator's member pages", async () => {
  test.setTimeout(180_000);
  const baseURL = process.env.E2E_BASE_URL!;
  const visitor = await playwrightRequest.newContext({ baseURL });
  const admin = await playwrightRequest.newContext({ baseURL });
  const { email, password } = e2eUser("admin");
  await signInRequest(admin, baseURL, email, password);

  const dir = mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  const files = new Map<string, string>();
  const save = async (ctx: typeof visitor, url: string) => {
    const res = await ctx.get(url, { maxRedirects: 0 });
    if (!(res.headers()["content-type"] ?? "").startsWith("text/html")) return;
    const file = path.join(dir, `${files.size}.html`);
    writeFileSync(file, await res.text());
    files.set(file, url);
  };
  for (const page of [...PUBLIC_PAGES, "/une-page-qui-n-existe-pas"]) await save(visitor, page);
  const memberPages = memberRoutePatterns().filter((p) => !p.includes(":"));
  for (const page of memberPages) await save(admin, page);
  expect(files.size).toBeGreaterThan(PUBLIC_PAGES.length + 20);

  await visitor.dispose();
  await admin.dispose();
  // vnu writes its JSON report on stderr (exit 1 when it found errors).
  const run = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${run.stderr ?? ""}`.trim() || `${run.stdout ?? ""}`.trim();
  expect(run.error, "java -jar vnu.jar").toBeUndefined();
  const report = JSON.parse(out || '{"messages":[]}') as { messages: VnuMessage[] };
  rmSync(dir, { recursive: true, force: true });
  const errors = report.messages
    .filter((m) => m.type === "error")
    .map((m) => `${files.get((m.url ?? "").replace(/^file:/, "")) ?? m.url}: ${m.message} — ${m.extract ?? ""}`);
  expect(errors).toEqual([]);
});
