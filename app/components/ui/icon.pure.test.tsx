/**
 * The layout's icons: the committed sprite is exactly what
 * scripts/make-icon-sprite.ts builds from lucide-react for the listed names,
 * and an icon is one <use> of it. Pure (no database).
 */
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconSprite, SPRITE_FILE } from "../../../scripts/make-icon-sprite";
import { Icon } from "./icon";
import { ICON_NAMES } from "./icon-names";

describe("the layout's icon sprite", () => {
  it("holds every listed icon, drawn as lucide-react draws it (else run scripts/make-icon-sprite.ts)", async () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    expect(sprite).toBe(await iconSprite(ICON_NAMES));
    for (const name of ICON_NAMES) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });

  it("draws an icon as one <use> of the sprite, hidden from assistive technologies", () => {
    // The build names the hashed file (/assets/icons-HASH.svg); Vite's dev server and Vitest the source.
    expect(renderToStaticMarkup(<Icon name="menu" className="size-6" />)).toMatch(
      /^<svg aria-hidden="true" width="24" height="24" class="size-6"><use href="[^"#?]*icons[^"#?]*\.svg(\?no-inline)?#menu"><\/use><\/svg>$/,
    );
  });
});
