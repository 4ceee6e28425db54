import { describe, expect, it } from "vitest";
import { setSetting } from "~/lib/club/settings.server";
import { defaultSettings } from "~/lib/club/settings-schemas";
import { donateView } from "~/components/info/donate.server";
import { app } from "../../tests/helpers/app";
import type { loader } from "./donate";

const page = () => donateView();
/** The page's markup, as the visitor gets it (written on the server, decision 0051). */
const markup = async () => (await app.get<Awaited<ReturnType<typeof loader>>>("/faire-un-don")).data.html;

describe("donation page", () => {
  it("frames the HelloAsso widget and keeps the plain link", async () => {
    await setSetting("donation", defaultSettings.donation);
    const data = await page();
    expect(data.widgetUrl).toBe(defaultSettings.donation.helloAssoWidgetUrl);
    expect(data.linkUrl).toBe(defaultSettings.donation.helloAssoUrl);
    expect(data.example.cost).toMatch(/^17\s€$/);
    const html = await markup();
    expect(html).toContain(`src="${defaultSettings.donation.helloAssoWidgetUrl}"`);
    expect(html).toContain(`href="${defaultSettings.donation.helloAssoUrl}"`);
  });

  it("drops a widget from another origin and shows only the link", async () => {
    await setSetting("donation", {
      helloAssoUrl: "https://www.helloasso.com/associations/club/formulaires/1",
      helloAssoWidgetUrl: "https://evil.example/associations/club/formulaires/1/widget",
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
    });
    expect((await page()).linkUrl).toBe("https://www.helloasso.com/associations/club/formulaires/1");
    await setSetting("donation", { helloAssoUrl: "", helloAssoWidgetUrl: "" });
    const data = await page();
    expect(data.widgetUrl).toBeNull();
    expect(data.linkUrl).toBeNull();
    expect(data.email).toBe(defaultSettings.identity.email);
  });
});
