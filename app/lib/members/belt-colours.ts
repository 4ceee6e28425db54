/**
 * The belts' colours in words: the colours of the seeded grade table, the palette a manager
 * picks from, and the French text alternative of a belt ("Ceinture bleue avec 2 barrettes
 * jaunes"). Browser-safe data; the drawing itself is app/components/belt.tsx.
 *
 * Rules: every colour a manager can pick has a French name (feminine singular and plural,
 * masculine), so that every belt keeps a text alternative.
 */

/** The belt colours of the seeded grade table, with their French names. */
export const BELT_COLOURS = {
  lightBlue: "#8ecdf0",
  blue: "#1d4ed8",
  yellow: "#f5c518",
  red: "#c8102e",
  white: "#ffffff",
  black: "#111827",
} as const;

/** French colour adjectives: feminine singular (ceinture), feminine plural (barrettes), masculine (liseré). */
const COLOUR_NAMES: Record<string, [string, string, string]> = {
  [BELT_COLOURS.lightBlue]: ["bleu clair", "bleu clair", "bleu clair"],
  [BELT_COLOURS.blue]: ["bleue", "bleues", "bleu"],
  [BELT_COLOURS.yellow]: ["jaune", "jaunes", "jaune"],
  [BELT_COLOURS.red]: ["rouge", "rouges", "rouge"],
  [BELT_COLOURS.white]: ["blanche", "blanches", "blanc"],
  [BELT_COLOURS.black]: ["noire", "noires", "noir"],
  lightblue: ["bleu clair", "bleu clair", "bleu clair"],
  skyblue: ["bleu clair", "bleu clair", "bleu clair"],
  blue: ["bleue", "bleues", "bleu"],
  navy: ["bleu marine", "bleu marine", "bleu marine"],
  yellow: ["jaune", "jaunes", "jaune"],
  gold: ["dorée", "dorées", "doré"],
  red: ["rouge", "rouges", "rouge"],
  white: ["blanche", "blanches", "blanc"],
  black: ["noire", "noires", "noir"],
  // The other colours of the managers' palette (BELT_PALETTE).
  "#15803d": ["verte", "vertes", "vert"],
  "#ea580c": ["orange", "orange", "orange"],
  "#7c4a1e": ["marron", "marron", "marron"],
  "#7e22ce": ["violette", "violettes", "violet"],
  "#6b7280": ["grise", "grises", "gris"],
  "#fff": ["blanche", "blanches", "blanc"],
  "#000": ["noire", "noires", "noir"],
  "#000000": ["noire", "noires", "noir"],
};

/**
 * The colours a manager picks from when editing a grade (a named palette, so
 * that every belt keeps a French text alternative): value and French name.
 */
export const BELT_PALETTE: ReadonlyArray<{ value: string; label: string }> = [
  { value: BELT_COLOURS.lightBlue, label: "Bleu clair" },
  { value: BELT_COLOURS.blue, label: "Bleu" },
  { value: BELT_COLOURS.yellow, label: "Jaune" },
  { value: BELT_COLOURS.red, label: "Rouge" },
  { value: BELT_COLOURS.white, label: "Blanc" },
  { value: BELT_COLOURS.black, label: "Noir" },
  { value: "#15803d", label: "Vert" },
  { value: "#ea580c", label: "Orange" },
  { value: "#7c4a1e", label: "Marron" },
  { value: "#7e22ce", label: "Violet" },
  { value: "#6b7280", label: "Gris" },
];

type Form = "singular" | "plural" | "masculine";
const FORM_INDEX: Record<Form, number> = { singular: 0, plural: 1, masculine: 2 };

function colourName(colour: string | null | undefined, form: Form = "singular"): string | null {
  if (!colour) return null;
  const names = COLOUR_NAMES[colour.trim().toLowerCase()];
  return names?.[FORM_INDEX[form]] ?? null;
}

export interface BeltColours {
  beltColor: string;
  stripeColor?: string | null;
  stripeCount?: number | null;
  borderColor?: string | null;
}

/** "Ceinture rouge à liseré jaune", "Ceinture bleue avec 3 barrettes jaunes"… */
export function describeBelt({ beltColor, stripeColor, stripeCount, borderColor }: BeltColours): string {
  const parts = [colourName(beltColor) ? `Ceinture ${colourName(beltColor)}` : "Ceinture"];
  if (borderColor) {
    const border = colourName(borderColor, "masculine");
    parts.push(border ? `à liseré ${border}` : "à liseré de couleur");
  }
  const count = stripeCount ?? 0;
  if (count > 0) {
    const stripes = colourName(stripeColor, count > 1 ? "plural" : "singular");
    const noun = count > 1 ? "barrettes" : "barrette";
    parts.push(`avec ${count} ${noun}${stripes ? ` ${stripes}` : ""}`);
  } else if (!borderColor) {
    parts.push("unie");
  }
  return parts.join(" ");
}

/** What a page shows of a grade's belt: its names and its colours (a grade row carries more). */
export interface GradeBelt {
  vietnameseName: string;
  frenchName: string;
  beltColor: string;
  stripeColor: string | null;
  stripeCount: number;
  borderColor: string | null;
}

/** The belt of a grade, and nothing else of its row (what a loader sends for `<Belt>`). */
export function gradeBelt(g: GradeBelt): GradeBelt {
  const { vietnameseName, frenchName, beltColor, stripeColor, stripeCount, borderColor } = g;
  return { vietnameseName, frenchName, beltColor, stripeColor, stripeCount, borderColor };
}
