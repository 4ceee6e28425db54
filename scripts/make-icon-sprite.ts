/**
 * Builds app/assets/icons.svg, the layout's icons as one SVG sprite:
 * one <symbol> per name of app/components/ui/icon-names.ts,
 * drawn exactly as lucide-react draws it (its `__iconData` nodes, its default
 * stroke attributes). Run after changing the list or upgrading lucide-react:
 * `npx tsx scripts/make-icon-sprite.ts`; the sprite is committed, and its test
 * (app/components/ui/icon.test.ts) fails when it differs from this output.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ICON_NAMES } from "../app/components/ui/icon-names";

type IconNode = [tag: string, attributes: Record<string, string | number>][];
type IconData = { node: IconNode; size?: number };

const require = createRequire(import.meta.url);

/** lucide-react's drawing of an icon; an alias (`history`) re-exports another icon's module. */
async function iconData(name: string): Promise<IconData> {
  let file = require.resolve(`lucide-react/icons/${name}`);
  for (let hops = 0; hops < 3; hops++) {
    const mod = (await import(pathToFileURL(file).href)) as { __iconData?: IconData };
    if (mod.__iconData) return mod.__iconData;
    const target = /export \{ default \} from '(\.\/[^']+)'/.exec(readFileSync(file, "utf8"))?.[1];
    if (!target) break;
    file = path.join(path.dirname(file), target);
  }
  throw new Error(`lucide-react has no drawing for « ${name} »`);
}

function escapeAttribute(value: string | number): string {
  return String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function element([tag, attributes]: IconNode[number]): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  return `<${tag}${attrs}/>`;
}

/** The sprite's text for these lucide names. */
export async function iconSprite(names: readonly string[]): Promise<string> {
  const symbols: string[] = [];
  for (const name of names) {
    const data = await iconData(name);
    const size = data.size ?? 24;
    // Presentation attributes on a <g>: they reach the paths in the copy <use> makes, and
    // currentColor is the colour of the <svg> that shows the icon.
    symbols.push(
      `<symbol id="${name}" viewBox="0 0 ${size} ${size}"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${data.node.map(element).join("")}</g></symbol>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

export const SPRITE_FILE = new URL("../app/assets/icons.svg", import.meta.url);

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(SPRITE_FILE, await iconSprite(ICON_NAMES));
  console.log(`${ICON_NAMES.length} icônes écrites dans app/assets/icons.svg`);
}
