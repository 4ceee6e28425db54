import { expect, gotoHydrated, test } from "./fixtures";

test("the server answers its health check and unknown paths with 404", async ({ page, request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  const res = await gotoHydrated(page, "/cette-page-n-existe-pas");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
});
