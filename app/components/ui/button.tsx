/**
 * The one button style of the site and the member area: a base, one class list per variant,
 * size and width (what class-variance-authority did, in a few lines: its code and clsx's came
 * with every page that shows a button, about 0.6 KiB gzipped).
 *
 * Rules:
 * - `<Button>` for a <button>; `buttonClasses()` for anything else that must
 *   look like a button (a <Link> or <a>, the SubmitButton of form.tsx).
 * - Variants: primary (the main action of a page or form), secondary
 *   (outlined), neutral (grey outline, e.g. "mark as unanswered"), danger
 *   (red, irreversible: delete) and danger-outline (red outline, milder
 *   destructive actions), link (looks like a text link).
 * - Every variant keeps a visible focus ring (2 px outline, offset) and a
 *   text contrast of at least 4.5:1 (white on club-700/red-700, club-900 or
 *   red-900 on white).
 * - Sizes: sm (toolbars, cards), md (default), lg (the submit button of a
 *   form); `width: "full"` stretches it (sign-in forms); `size: "none"` for
 *   the link variant, which has no padding.
 */
import type { ButtonHTMLAttributes } from "react";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70";

const VARIANTS = {
  primary: "bg-club-700 text-white shadow hover:bg-club-800 focus-visible:outline-club-700",
  secondary: "border border-club-700 bg-white text-club-900 hover:bg-club-50 focus-visible:outline-club-700",
  neutral: "border border-slate-500 bg-white text-slate-900 hover:bg-slate-100 focus-visible:outline-slate-700",
  danger: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700",
  "danger-outline": "border border-red-700 bg-white text-red-900 hover:bg-red-50 focus-visible:outline-red-700",
  link: "text-club-800 underline underline-offset-2 hover:text-club-900 focus-visible:outline-club-700",
};

const SIZES = { none: "", sm: "px-3 py-1.5 text-sm", md: "px-4 py-2", lg: "px-5 py-2.5" };

const WIDTHS = { auto: "", full: "w-full" };

interface ButtonStyle {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
  width?: keyof typeof WIDTHS | null;
  className?: string;
}

/** The classes of a button's style (defaults: primary, md, auto), then `className`. */
export function buttonClasses({ variant, size, width, className }: ButtonStyle = {}): string {
  return [BASE, VARIANTS[variant ?? "primary"], SIZES[size ?? "md"], WIDTHS[width ?? "auto"], className]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Omit<ButtonStyle, "className">;

/** A <button> in one of the site's styles; `type` defaults to "button" (say "submit" for a form's action). */
export function Button({ variant, size, width, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, width, className })} {...props} />;
}
