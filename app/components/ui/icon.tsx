/**
 * An icon of the site, drawn from the sprite app/assets/icons.svg
 * (a hashed, immutable asset: `<use href="/assets/icons-HASH.svg#name">`).
 * Rules:
 *  - Decorative only (`aria-hidden`): the link or button around it carries
 *    the name. Colour: the text colour (`currentColor`); size: the class
 *    (`size-5`…), 24 px without the stylesheet.
 *  - One <svg> and one <use> per icon, the same text on the server and in the
 *    browser; no lucide component (each built its paths at every render, and
 *    its code came with every page).
 *  - A new name goes into icon-names.ts, then `npx tsx scripts/make-icon-sprite.ts`.
 */
import spriteUrl from "~/assets/icons.svg?no-inline";
import type { IconName } from "./icon-names";

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" className={className}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
