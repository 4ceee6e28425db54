/**
 * Drawn illustrations of the news (browser-safe, pure, deterministic).
 *
 * Rules:
 *  - An article without a cover photo gets an illustration DRAWN here, never a
 *    stock photo nor a picture pretending to show the event: a pictogram of
 *    its theme (belt for grades, medal for a competition, crossed weapons…)
 *    over the club's blues, with bamboo stalks placed from a seed.
 *  - The theme comes from the words of the title and summary; the seed is a
 *    hash of the article id and title, so each article gets its own picture,
 *    the same one every time, and a new one when its title changes.
 *  - The URL names the theme and the seed only (/illustrations/<theme>-<seed>.svg
 *    or .png): the route draws from them without reading the database, so the
 *    file is immutable and cached for a year, and a draft's title never leaks.
 *  - Decorative: pages show it with alt="" (the title is next to it); the SVG
 *    carries no text, hence no font or language issue.
 */

export const ILLUSTRATION_THEMES = [
  "grades",
  "competition",
  "stage",
  "demonstration",
  "rentree",
  "fermeture",
  "armes",
  "club",
] as const;
export type IllustrationTheme = (typeof ILLUSTRATION_THEMES)[number];

/** Width × height of the drawing (Open Graph's 1.91:1). */
export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 630;

const KEYWORDS: ReadonlyArray<[IllustrationTheme, RegExp]> = [
  ["fermeture", /\b(fermeture|ferme|fermé|vacances|congés?)\b/],
  ["grades", /\b(grades?|ceintures?|passages?|dang?s?|examens?|cap)\b/],
  ["competition", /\b(compétitions?|championnats?|coupes?|tournois?|médailles?|podiums?|combats?)\b/],
  ["armes", /\b(armes?|bâtons?|sabres?|couteaux?|épées?|éventails?)\b/],
  ["demonstration", /\b(démonstrations?|démo|forum|fêtes?|gala|spectacle|téléthon)\b/],
  ["stage", /\b(stages?|séminaires?|formations?|masterclass|invités?)\b/],
  ["rentree", /\b(rentrée|reprise|inscriptions?|saison|essais?|portes ouvertes)\b/],
];

/** The theme of an article from its words (first match in KEYWORDS order, else "club"). */
export function illustrationTheme(text: string): IllustrationTheme {
  const words = text.toLowerCase();
  for (const [theme, pattern] of KEYWORDS) if (pattern.test(words)) return theme;
  return "club";
}

/** FNV-1a 32-bit hash as 8 hex digits. */
export function illustrationSeed(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

export interface Illustration {
  theme: IllustrationTheme;
  seed: string;
  /** SVG, for pages. */
  src: string;
  /** PNG of the same drawing, for Open Graph (social networks do not read SVG). */
  png: string;
  width: number;
  height: number;
}

export function illustrationFor(article: { id: number; title: string; summary?: string }): Illustration {
  const theme = illustrationTheme(`${article.title} ${article.summary ?? ""}`);
  const seed = illustrationSeed(`${article.id}:${article.title}`);
  const base = `/illustrations/${theme}-${seed}`;
  return {
    theme,
    seed,
    src: `${base}.svg`,
    png: `${base}.png`,
    width: ILLUSTRATION_WIDTH,
    height: ILLUSTRATION_HEIGHT,
  };
}

/** Parses "<theme>-<seed>.<svg|png>" (the route's parameter), or null. */
export function parseIllustrationName(
  name: string,
): { theme: IllustrationTheme; seed: string; format: "svg" | "png" } | null {
  const m = /^([a-z]+)-([0-9a-f]{8})\.(svg|png)$/.exec(name);
  if (!m) return null;
  const theme = ILLUSTRATION_THEMES.find((t) => t === m[1]);
  if (!theme) return null;
  return { theme, seed: m[2] ?? "", format: m[3] === "png" ? "png" : "svg" };
}

/** Small deterministic generator (mulberry32) from the seed. */
function random(seed: string): () => number {
  let a = parseInt(seed, 16) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The club's blues (dark, middle) and the belt colours used as accents. */
const PALETTES: ReadonlyArray<[string, string]> = [
  ["#0c2f6b", "#1d5fbf"],
  ["#10285a", "#2a6fd6"],
  ["#0b3a66", "#1b7ab8"],
  ["#1a2a6c", "#3557c4"],
  ["#0d3b5e", "#2b84c6"],
];
const ACCENTS = ["#f2c230", "#d6322b", "#8cc8ff"] as const;

const r1 = (n: number) => Math.round(n * 10) / 10;

function bamboo(rand: () => number): string {
  const stalks: string[] = [];
  const count = 3 + Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) {
    const x = r1(40 + rand() * 1120);
    const w = r1(14 + rand() * 16);
    const opacity = r1(0.08 + rand() * 0.12);
    const nodes: string[] = [];
    for (let y = 40 + rand() * 60; y < ILLUSTRATION_HEIGHT; y += 90 + rand() * 60) {
      nodes.push(`<rect x="${r1(x - 3)}" y="${r1(y)}" width="${r1(w + 6)}" height="6" rx="3"/>`);
      if (rand() < 0.5) {
        const dir = rand() < 0.5 ? -1 : 1;
        nodes.push(
          `<path d="M${r1(x + w / 2)} ${r1(y)} q ${dir * 50} -30 ${dir * 110} -20 q ${-dir * 50} 20 ${-dir * 110} 20z"/>`,
        );
      }
    }
    stalks.push(
      `<g fill="#ffffff" opacity="${opacity}"><rect x="${x}" y="0" width="${w}" height="${ILLUSTRATION_HEIGHT}" rx="${r1(w / 2)}"/>${nodes.join("")}</g>`,
    );
  }
  return stalks.join("");
}

/** The theme's pictogram, centred on (600, 315), about 300 px wide, white on blue. */
function pictogram(theme: IllustrationTheme, accent: string): string {
  const stroke = `fill="none" stroke="#ffffff" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"`;
  switch (theme) {
    case "grades":
      // A knotted belt with its two hanging ends and stripes.
      return `<g transform="translate(600 315)">
<rect x="-240" y="-40" width="480" height="56" rx="10" fill="${accent}"/>
<path d="M-30 -10 l-70 180 l50 0 l60 -150z M30 -10 l70 180 l-50 0 l-60 -150z" fill="${accent}"/>
<rect x="-42" y="-56" width="84" height="88" rx="16" fill="${accent}" stroke="#ffffff" stroke-width="8"/>
<path d="M-78 118 l50 0 M74 118 l-50 0" stroke="#ffffff" stroke-width="12"/></g>`;
    case "competition":
      // A medal on its ribbon.
      return `<g transform="translate(600 300)">
<path d="M-90 -190 l60 150 l60 0 l-60 -150z M90 -190 l-60 150 l-60 0 l60 -150z" fill="#ffffff" opacity="0.85"/>
<circle cx="0" cy="60" r="110" fill="${accent}" stroke="#ffffff" stroke-width="14"/>
<path d="M0 0 l18 38 l42 5 l-31 29 l8 42 l-37 -21 l-37 21 l8 -42 l-31 -29 l42 -5z" fill="#ffffff"/></g>`;
    case "armes":
      // A staff and a sabre crossed.
      return `<g transform="translate(600 315)">
<path d="M-200 -170 L200 170" ${stroke}/>
<path d="M190 -180 q -120 120 -330 320" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round"/>
<path d="M120 -140 l60 60" stroke="#ffffff" stroke-width="22" stroke-linecap="round"/></g>`;
    case "demonstration":
      // A figure in a flying kick, seen as a pictogram.
      return `<g transform="translate(600 330)">
<circle cx="-80" cy="-170" r="42" fill="#ffffff"/>
<path d="M-70 -110 L0 20 M-40 -60 L-170 -90 M-40 -60 L60 -150 M0 20 L190 -40 M0 20 L-60 160" ${stroke}/>
<path d="M-260 170 h520" stroke="${accent}" stroke-width="14" stroke-linecap="round"/></g>`;
    case "stage":
      // Three practitioners in line, the teacher in front.
      return `<g transform="translate(600 330)">
${[-200, 0, 200]
  .map(
    (x, i) =>
      `<circle cx="${x}" cy="${i === 1 ? -150 : -110}" r="${i === 1 ? 46 : 36}" fill="#ffffff"/><path d="M${x - (i === 1 ? 70 : 56)} ${i === 1 ? 140 : 140} v-150 q0 -50 ${i === 1 ? 70 : 56} -50 q${i === 1 ? 70 : 56} 0 ${i === 1 ? 70 : 56} 50 v150z" fill="${i === 1 ? accent : "#ffffff"}" opacity="${i === 1 ? 1 : 0.85}"/>`,
  )
  .join("")}</g>`;
    case "rentree":
      // A calendar page with a check mark.
      return `<g transform="translate(600 315)">
<rect x="-170" y="-160" width="340" height="320" rx="28" fill="#ffffff"/>
<rect x="-170" y="-160" width="340" height="80" rx="28" fill="${accent}"/>
<path d="M-100 -190 v60 M100 -190 v60" ${stroke}/>
<path d="M-80 40 l60 60 l110 -120" fill="none" stroke="#1d5fbf" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/></g>`;
    case "fermeture":
      // A closed door under a crescent moon.
      return `<g transform="translate(600 330)">
<path d="M-130 190 v-300 q0 -40 40 -40 h180 q40 0 40 40 v300z" fill="#ffffff" opacity="0.9"/>
<circle cx="60" cy="40" r="16" fill="${accent}"/>
<path d="M210 -200 a80 80 0 1 0 70 120 a62 62 0 1 1 -70 -120z" fill="${accent}"/></g>`;
    case "club":
      // The salute: a fist (« main d'acier ») over the heart (« cœur de bonté »).
      return `<g transform="translate(600 315)">
<path d="M0 150 C -190 40 -170 -120 -70 -130 C -30 -134 -8 -110 0 -86 C 8 -110 30 -134 70 -130 C 170 -120 190 40 0 150z" fill="${accent}"/>
<rect x="-80" y="-60" width="160" height="110" rx="30" fill="#ffffff"/>
<path d="M-40 -60 v40 M0 -60 v40 M40 -60 v40" stroke="#1d5fbf" stroke-width="8" stroke-linecap="round"/></g>`;
  }
}

/** The SVG document of an illustration (no text, no script, no external reference). */
export function illustrationSvg(theme: IllustrationTheme, seed: string): string {
  const rand = random(seed);
  const [dark, light] = PALETTES[Math.floor(rand() * PALETTES.length)] ?? PALETTES[0]!;
  const accent = ACCENTS[Math.floor(rand() * ACCENTS.length)] ?? ACCENTS[0];
  const angle = Math.floor(rand() * 360);
  const circles = Array.from({ length: 3 }, () => {
    const cx = r1(rand() * ILLUSTRATION_WIDTH);
    const cy = r1(rand() * ILLUSTRATION_HEIGHT);
    const r = r1(120 + rand() * 220);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="0.06"/>`;
  }).join("");
  // Each drawing places, sizes and mirrors its pictogram from the seed too.
  const cx = [420, 600, 780][Math.floor(rand() * 3)] ?? 600;
  const scale = r1(0.8 + rand() * 0.3);
  // A check mark is never mirrored (it would read as a wrong sign).
  const flip = rand() < 0.5 && theme !== "rentree" ? -1 : 1;
  const place = `translate(${cx} 315) scale(${r1(flip * scale)} ${scale}) translate(-600 -315)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" aria-hidden="true">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" fill="url(#g)"/>
${circles}${bamboo(rand)}
<g transform="${place}"><circle cx="600" cy="315" r="250" fill="${dark}" opacity="0.35"/>
${pictogram(theme, accent)}</g>
</svg>`;
}
