/** The one Button: variants, visible focus on each, default type, links styled as buttons. Pure (no database). */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClasses } from "./button";

const VARIANTS = ["primary", "secondary", "neutral", "danger", "danger-outline", "link"] as const;

describe("Button", () => {
  it("gives every variant a visible focus outline", () => {
    for (const variant of VARIANTS) {
      const classes = buttonClasses({ variant }).split(" ");
      expect(classes, variant).toContain("focus-visible:outline-2");
      expect(
        classes.some((c) => c.startsWith("focus-visible:outline-") && c.endsWith("00")),
        variant,
      ).toBe(true);
    }
  });

  it("defaults to the primary, medium style and appends extra classes", () => {
    expect(buttonClasses()).toContain("bg-club-700 text-white");
    expect(buttonClasses()).toContain("px-4 py-2");
    expect(buttonClasses({ size: "lg", width: "full" })).toContain("px-5 py-2.5 w-full");
    expect(buttonClasses({ className: "ml-auto" }).endsWith("ml-auto")).toBe(true);
    expect(buttonClasses({ variant: "link", size: "none" })).not.toMatch(/\bpx-/);
  });

  it("renders a non-submitting button unless told otherwise", () => {
    expect(renderToStaticMarkup(<Button>Annuler</Button>)).toMatch(/^<button type="button" class="[^"]*bg-club-700/);
    expect(
      renderToStaticMarkup(
        <Button type="submit" variant="danger">
          Supprimer
        </Button>,
      ),
    ).toMatch(/^<button type="submit" class="[^"]*bg-red-700[^"]*">Supprimer<\/button>$/);
  });
});
