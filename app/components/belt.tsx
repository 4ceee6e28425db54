/**
 * A belt drawn in SVG from the grade's colours (no image file, no JavaScript).
 * The drawing carries its own text alternative ("Ceinture bleue avec
 * 2 barrettes jaunes"), computed from the colours when no label is given.
 * Used on the public grades page and in the member area.
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

export interface BeltProps extends BeltColours {
  /** Text alternative; by default it is computed from the colours. */
  label?: string;
  /** When the text next to the drawing already says it all. */
  decorative?: boolean;
  className?: string;
}

const OUTLINE = "#334155";

export function Belt({ beltColor, stripeColor, stripeCount, borderColor, label, decorative, className }: BeltProps) {
  const count = Math.max(0, Math.min(stripeCount ?? 0, 10));
  const text = label ?? describeBelt({ beltColor, stripeColor, stripeCount: count, borderColor });
  const stripeFill = stripeColor ?? "#ffffff";
  // Stripes sit on the right-hand part of the band, from the end towards the knot.
  const stripes = Array.from({ length: count }, (_, i) => 178 - i * 9);
  const a11y = decorative ? ({ "aria-hidden": true } as const) : ({ role: "img", "aria-label": text } as const);
  return (
    <svg
      viewBox="0 0 200 60"
      width="200"
      height="60"
      className={className ?? "h-auto w-40 max-w-full"}
      focusable="false"
      {...a11y}
    >
      {decorative ? null : <title>{text}</title>}
      {/* Hanging ends, drawn first so the knot covers their tops. */}
      <path
        d="M92 30 L80 57 L92 58 L100 32 Z"
        fill={beltColor}
        stroke={borderColor ?? OUTLINE}
        strokeWidth={borderColor ? 2.5 : 1.2}
        strokeLinejoin="round"
      />
      <path
        d="M108 30 L120 57 L108 58 L100 32 Z"
        fill={beltColor}
        stroke={borderColor ?? OUTLINE}
        strokeWidth={borderColor ? 2.5 : 1.2}
        strokeLinejoin="round"
      />
      {/* The band. */}
      <rect x="2" y="12" width="196" height="18" rx="3" fill={beltColor} stroke={OUTLINE} strokeWidth="1.2" />
      {borderColor ? (
        <rect x="4" y="14" width="192" height="14" rx="2" fill="none" stroke={borderColor} strokeWidth="2.5" />
      ) : null}
      {stripes.map((x) => (
        <rect key={x} x={x} y="13" width="5" height="16" fill={stripeFill} stroke={OUTLINE} strokeWidth="0.6" />
      ))}
      {/* The knot. */}
      <rect
        x="88"
        y="8"
        width="24"
        height="26"
        rx="4"
        fill={beltColor}
        stroke={borderColor ?? OUTLINE}
        strokeWidth={borderColor ? 2.5 : 1.2}
      />
      <rect x="88" y="8" width="24" height="26" rx="4" fill="none" stroke={OUTLINE} strokeWidth="0.8" />
    </svg>
  );
}
