/**
 * A belt drawn in SVG from the grade's colours (no image file, no JavaScript).
 * The drawing carries its own text alternative ("Ceinture bleue avec
 * 2 barrettes jaunes"), computed from the colours when no label is given.
 * Used on the public grades page and in the member area. The colours' names and
 * the text alternative are app/lib/members/belt-colours.ts.
 */
import { describeBelt, type BeltColours } from "~/lib/members/belt-colours";

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
