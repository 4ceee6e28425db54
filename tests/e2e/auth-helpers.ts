/**
 * Browser-test helpers of the accounts module: the fixture accounts created
 * by the global setup (one per role) and password sign-in.
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { gotoHydrated } from "./fixtures";

export const ROLE_NAMES = ["pré-inscrit", "membre", "admin", "user_manager", "article_manager", "enseignant"] as const;
export type FixtureRole = (typeof ROLE_NAMES)[number];

/** E-mail and password of the fixture account having exactly `role` (the instructor is also a member). */
export function e2eUser(role: FixtureRole): { email: string; password: string } {
  const users = JSON.parse(process.env.E2E_USERS ?? "{}") as Record<string, string>;
  const email = users[role];
  if (!email) throw new Error(`no fixture account for ${role} (global setup)`);
  return { email, password: process.env.E2E_USER_PASSWORD! };
}

/** Signs in through the /connexion form (the real page, with JavaScript). */
export async function signInWithForm(page: Page, email: string, password: string, path = "/connexion") {
  await gotoHydrated(page, path);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
}

/** Signs an API request context in (no browser): the form post, as a browser without JavaScript does. */
export async function signInRequest(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const res = await request.post("/connexion", {
    form: { intent: "password", email, password, redirectTo: "/espace-membre" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text().catch(() => "")).toBe(302);
}
