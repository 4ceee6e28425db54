import { describe, expect, it } from "vitest";
import { setSetting } from "~/lib/club/settings.server";
import { TEST_CLUB } from "../../tests/helpers/test-club";
import { donateView } from "~/components/info/donate.server";
import { app } from "../../tests/helpers/app";
import type { loader } from "./donate";

const page = () => donateView();
/** The page's markup, as the visitor gets it (written on the server). */
const markup = async () => (await app.get<Awaited<ReturnType<typeof loader>>>("/faire-un-don")).data.html;

describe("donation page", () => {
  it("frames the HelloAsso widget and keeps the plain link", async () => {
    await setSetting("donation", TEST_CLUB.donation);
    const data = await page();
    expect(data.widgetUrl).toBe(TEST_CLUB.donation.helloAssoWidgetUrl);
    expect(data.linkUrl).toBe(TEST_CLUB.donation.helloAssoUrl);
    expect(data.example.cost).toMatch(/^17\s€$/);
    const html = await markup();
    expect(html).toContain(`src="${TEST_CLUB.donation.helloAssoWidgetUrl}"`);
    expect(html).toContain(`href="${TEST_CLUB.donation.helloAssoUrl}"`);
  });

  it("drops a widget from another origin and shows only the link", async () => {
    await setSetting("donation", {
      helloAssoUrl: "https://www.helloasso.com/associations/club/formulaires/1",
      helloAssoWidgetUrl: "https://evil.example/associations/club/formulaires/1/widget",
      taxReceipts: null,
      rescrit: "",
    });
    const data = await page();
    expect(data.widgetUrl).toBeNull();
    expect(data.linkUrl).toBe("https://www.helloasso.com/associations/club/formulaires/1");
    expect(await markup()).not.toContain("evil.example");
  });

  it("derives the link from the widget when only the widget is set, and offers the e-mail when neither is", async () => {
    await setSetting("donation", {
      helloAssoUrl: "",
      helloAssoWidgetUrl: "https://www.helloasso.com/associations/club/formulaires/1/widget",
      taxReceipts: null,
      rescrit: "",
    });
    expect((await page()).linkUrl).toBe("https://www.helloasso.com/associations/club/formulaires/1");
    await setSetting("donation", { helloAssoUrl: "", helloAssoWidgetUrl: "", taxReceipts: null, rescrit: "" });
    const data = await page();
    expect(data.widgetUrl).toBeNull();
    expect(data.linkUrl).toBeNull();
    expect(data.email).toBe(TEST_CLUB.identity.email);
  });

  // Only an association of « intérêt général » may issue tax receipts.
  it("promises the 66 % reduction and the Cerfa 11580 receipt only when the club said it may issue them", async () => {
    const donation = { ...TEST_CLUB.donation, rescrit: "" };
    await setSetting("donation", { ...donation, taxReceipts: null });
    let html = await markup();
    expect(html).not.toMatch(/66\s%/);
    expect(html).not.toContain("11580");
    expect(html).not.toContain("reçu fiscal");
    expect(html).not.toContain("réduction d'impôt");
    const meta = await (await app.fetch("/faire-un-don")).text();
    expect(meta).not.toMatch(/66\s%/);

    await setSetting("donation", { ...donation, taxReceipts: false });
    html = await markup();
    expect(html).not.toMatch(/66\s%/);
    expect(html).not.toContain("11580");
    expect(html).toContain("Le club ne délivre pas de reçu fiscal");

    await setSetting("donation", { ...donation, taxReceipts: true, rescrit: "Rescrit du 12 mars 2024" });
    html = await markup();
    expect(html).toMatch(/66\s%/);
    expect(html).toMatch(/Cerfa n°\s11580/);
    expect(html).toContain("Rescrit du 12 mars 2024");
    expect(html).not.toContain("ne délivre pas");
  });
});
