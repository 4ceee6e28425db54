// Generates public/og-image.png (1200x630, the OpenGraph picture) from an
// original SVG drawing with sharp. Run: node scripts/og-image.mjs
// It names the art, never a club or a town: every club shares it.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const logo = readFileSync(new URL("../public/logo.svg", import.meta.url), "utf8")
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#132f63"/><stop offset="1" stop-color="#17449b"/>
    </linearGradient>
    <linearGradient id="strip" x1="0" x2="1">
      <stop offset="0" stop-color="#2f6fdc"/><stop offset="0.5" stop-color="#f5c518"/><stop offset="1" stop-color="#c8102e"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g fill="none" stroke="#bfd3fe" opacity="0.14" stroke-width="2">
    ${Array.from({ length: 10 }, (_, i) => `<circle cx="1020" cy="300" r="${60 + i * 48}"/>`).join("")}
  </g>
  <rect y="0" width="1200" height="16" fill="url(#strip)"/>
  <rect y="614" width="1200" height="16" fill="url(#strip)"/>
  <g transform="translate(860 140) scale(5.2)">${logo}</g>
  <text x="80" y="250" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="64" fill="#ffffff">Vovinam</text>
  <text x="80" y="330" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="64" fill="#f5c518">Viet Vo Dao</text>
  <text x="80" y="410" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" fill="#dbe6fe">Art martial vietnamien</text>
  <text x="80" y="455" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" fill="#dbe6fe">Enfants, adolescents et adultes</text>
  <text x="80" y="540" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-style="italic" font-size="30" fill="#ffffff">« Être fort pour être utile »</text>
</svg>`;

await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true })
  .toFile(new URL("../public/og-image.png", import.meta.url).pathname);
console.log("public/og-image.png written");
