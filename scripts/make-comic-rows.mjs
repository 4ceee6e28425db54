// Builds the wide-screen layout of each shipped comic strip:
// public/comics/<name>.svg (four 580×400 panels in a column, 600×1656) ->
// public/comics/rangees/<name>.svg (the same panels two by two, 1190×832).
// Run by hand after changing a strip: `node scripts/make-comic-rows.mjs`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const dir = new URL("../public/comics/", import.meta.url);
const out = new URL("rangees/", dir);
mkdirSync(out, { recursive: true });
const [W, H] = [1190, 832];
const positions = [
  [10, 10],
  [600, 10],
  [10, 422],
  [600, 422],
];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".svg"))) {
  let svg = readFileSync(new URL(file, dir), "utf8");
  let panel = 0;
  svg = svg
    .replace('viewBox="0 0 600 1656" width="600" height="1656"', `viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"`)
    .replace('<rect width="600" height="1656" fill="#ffffff"/>', `<rect width="${W}" height="${H}" fill="#ffffff"/>`)
    .replace(/<g transform="translate\(10 (10|422|834|1246)\)">/g, () => {
      const [x, y] = positions[panel++];
      return `<g transform="translate(${x} ${y})">`;
    });
  if (panel !== 4 || !svg.includes(`viewBox="0 0 ${W} ${H}"`)) throw new Error(`${file}: not a four-panel strip`);
  writeFileSync(new URL(file, out), svg);
  console.log(`public/comics/rangees/${file}`);
}
