/**
 * /tarifs-horaires: prices typed in euros in the settings are shown by
 * the one money formatter, class hours in the one time style.
 */
import { describe, expect, it } from "vitest";
import { setSetting } from "~/lib/club/settings.server";
import { TEST_CLUB } from "../../../tests/helpers/test-club";
import { pricesView } from "~/components/info/prices.server";
import { loader } from "./prices";
import { loaderArgs } from "../../../tests/helpers/request-context";

const NB = "\u00a0";

describe("prices and schedule", () => {
  it("prints « 190 € », « 12,50 € » and « 18 h 30 – 19 h 45 » with non-breaking spaces", async () => {
    await setSetting("prices", {
      ...TEST_CLUB.prices,
      items: [
        { id: "enfants", group: "Enfants", description: "", amount: 190 },
        { id: "seance", group: "Séance", description: "", amount: 12.5 },
      ],
    });
    await setSetting("schedule", [
      { id: "ados", day: 3, start: "18:30", end: "19:45", group: "Adolescents", level: "Tous niveaux", place: "Dojo" },
      { id: "adultes", day: 3, start: "20:00", end: "21:00", group: "Adultes", level: "Tous niveaux", place: "Dojo" },
    ]);
    const data = await pricesView();
    expect(data.items.map((i) => i.price)).toEqual([`190${NB}€`, `12,50${NB}€`]);
    expect(data.days).toHaveLength(1);
    expect(data.days[0]?.name).toBe("mercredi");
    expect(data.days[0]?.classes.map((c) => c.hours)).toEqual([
      `18${NB}h${NB}30 – 19${NB}h${NB}45`,
      `20${NB}h – 21${NB}h`,
    ]);

    // The page the visitor gets is that view, written on the server.
    const { html } = await loader(loaderArgs());
    expect(html).toContain(`190${NB}€`);
    expect(html).toContain(`18${NB}h${NB}30 – 19${NB}h${NB}45`);
    expect(html).toMatch(/<h1[^>]*>Tarifs/);
  });
});
