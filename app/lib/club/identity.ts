/**
 * The club's identity as the pages and documents write it, browser-safe.
 *
 * Rules:
 *  - Only what the club entered is written: an empty field is left out, never
 *    replaced by another club's fact. Where a text cannot do without a name
 *    (the page title, a calendar's name), the art's name stands in
 *    (`GENERIC_CLUB_NAME`), which names no club.
 *  - « L'association » is never written before an association name that
 *    already starts with « Association » (no « L'association Association… »):
 *    `theAssociation`.
 */
import type { Settings } from "./settings-schemas";

type Identity = Settings["identity"];

/** Stands in for the club's name until the club enters it: the art, not a club. */
export const GENERIC_CLUB_NAME = "Vovinam Viet Vo Dao";

/** The club's name, or its short name, or the art's name while neither is entered. */
export function clubDisplayName(identity: Pick<Identity, "clubName" | "shortName">): string {
  return identity.clubName.trim() || identity.shortName.trim() || GENERIC_CLUB_NAME;
}

/**
 * « L'association X » written once: « Association Vovinam de Boulogne » gives
 * « l'association Vovinam de Boulogne », « Les Lotus » gives « l'association Les Lotus ».
 * Capitalised with `capital` (start of a sentence). Empty name: « l'association ».
 */
export function theAssociation(name: string, { capital = false } = {}): string {
  const trimmed = name.trim();
  const article = capital ? "L'association" : "l'association";
  if (!trimmed) return article;
  const rest = /^association\s+/i.test(trimmed) ? trimmed.replace(/^association\s+/i, "") : trimmed;
  return `${article} ${rest}`;
}

/** The venue's lines as entered (sports complex, street, « code city »), empty ones left out. */
export function venueLines(identity: Pick<Identity, "sportsComplex" | "street" | "postalCode" | "city">): string[] {
  const town = [identity.postalCode, identity.city]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" ");
  return [identity.sportsComplex.trim(), identity.street.trim(), town].filter(Boolean);
}
