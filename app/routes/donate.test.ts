import { describe, expect, it } from "vitest";
import { defaultSettings, setSetting } from "~/lib/club/settings.server";
import { loader } from "./donate";

describe("donation page loader", () => {
  it("frames the HelloAsso widget and keeps the plain link", async () => {
    await setSetting("donation", defaultSettings.donation);
    const data = await loader();
    expect(data.widgetUrl).toBe(defaultSettings.donation.helloAssoWidgetUrl);
    expect(data.linkUrl).toBe(defaultSettings.donation.helloAssoUrl);
    expect(data.example.cost).toMatch(/^17\s€$/);
  });

  it("drops a widget from another origin and shows only the link", async () => {
    await setSetting("donation", {
      helloAssoUrl: "https://www.helloasso.com/associations/club/formulaires/1",
      helloAssoWidgetUrl: "https://evil.example/associations/club/formulaires/1/widget",
    });
    const data = await loader();
    expect(data.widgetUrl).toBeNull();
    expect(data.linkUrl).toBe("https://www.helloasso.com/associations/club/formulaires/1");
  });

  it("derives the link from the widget when only the widget is set, and offers the e-mail when neither is", async () => {
    await setSetting("donation", {
      helloAssoUrl: "",
      helloAssoWidgetUrl: "https://www.helloasso.com/associations/club/formulaires/1/widget",
    });
    expect((await loader()).linkUrl).toBe("https://www.helloasso.com/associations/club/formulaires/1");
    await setSetting("donation", { helloAssoUrl: "", helloAssoWidgetUrl: "" });
    const data = await loader();
    expect(data.widgetUrl).toBeNull();
    expect(data.linkUrl).toBeNull();
    expect(data.email).toBe(defaultSettings.identity.email);
  });
});
