/**
 * The comic strips shipped with the site (public/comics): no speech bubble
 * covers a sign's text ("SUPERMARCHÉ" was hidden), and each strip
 * has its wide-screen layout (public/comics/rangees, two panels per row).
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL("../../../public/comics/", import.meta.url);
const strips = readdirSync(dir).filter((f) => f.endsWith(".svg"));

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const num = (tag: string, name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1] ?? 0);
const box = (tag: string): Box => ({ x: num(tag, "x"), y: num(tag, "y"), w: num(tag, "width"), h: num(tag, "height") });
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("shipped comic strips", () => {
  it("no speech bubble covers a sign", () => {
    expect(strips.length).toBeGreaterThan(0);
    let signs = 0;
    for (const file of strips) {
      const panels = readFileSync(new URL(file, dir), "utf8")
        .split(/<clipPath id="p\d+">/)
        .slice(1);
      panels.forEach((panel, i) => {
        // A sign: a rectangle followed by its bold text (SUPERMARCHÉ…); a bubble: a white rounded rectangle.
        const signBoxes = [
          ...panel.matchAll(/(<rect [^>]*\/>)<text [^>]*font-weight="700"[^>]*>([A-ZÉÈ ]{4,})<\/text>/g),
        ].map((m) => box(m[1] ?? ""));
        const bubbles = [...panel.matchAll(/<rect [^>]*rx="22"[^>]*fill="#fff"[^>]*\/>/g)].map((m) => box(m[0]));
        for (const sign of signBoxes) {
          signs++;
          for (const bubble of bubbles) expect(overlap(sign, bubble), `${file}, panel ${i + 1}`).toBe(false);
        }
      });
    }
    expect(signs).toBeGreaterThanOrEqual(2);
  });

  it("each strip has its two-by-two layout for wide screens", () => {
    for (const file of strips) {
      const rows = readFileSync(new URL(`rangees/${file}`, dir), "utf8");
      expect(rows).toContain('viewBox="0 0 1190 832"');
      expect(rows.match(/<clipPath id="p\d+">/g)).toHaveLength(4);
    }
  });
});
