/**
 * Helpers of the attendance browser specs (attendance, portraits).
 */
import type { Page } from "@playwright/test";

/** A past session of this season that took place (the server is the judge): its address. */
export async function pastSession(page: Page): Promise<string> {
  const day = new Date();
  for (let back = 1; back <= 100; back++) {
    const d = new Date(day.getTime() - back * 86_400_000);
    const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(d);
    for (const slot of ["enfants-mer", "ados-mer", "adultes-mar", "adultes-ven", "enfants-sam", "armes-sam"]) {
      const url = `/espace-membre/appel/${iso}-${slot}`;
      const res = await page.request.get(url);
      if (res.status() === 200 && (await res.text()).includes("aria-pressed")) return url;
    }
  }
  throw new Error("no past session in the last 100 days (the first week of a season?)");
}
