/**
 * Gendered words, browser-safe: a word about a person follows the sex recorded on
 * their profile (`profiles.sex`: « f », « m », or null when not given).
 *
 * Rules:
 * - « f » takes the feminine form, « m » the masculine one, anything else (null, unknown) the
 *   neutral form the caller gives.
 * - The neutral form is a wording that needs no gender, chosen by the caller, never an
 *   inclusive dot or a bracket: « Présence confirmée » rather than « Présent·e », « date de
 *   naissance » rather than « né(e) le ». The JSX runtime and screen readers read it as written.
 */

export type Sex = "f" | "m";

/** The choices of a profile form's « Sexe » field, « Non précisé » first (stored as null). */
export const SEX_OPTIONS: ReadonlyArray<{ value: "" | Sex; label: string }> = [
  { value: "", label: "Non précisé" },
  { value: "f", label: "Féminin" },
  { value: "m", label: "Masculin" },
];

/** The hint under that field. */
export const SEX_HINT = "Sert à accorder les textes qui vous concernent (« inscrit » ou « inscrite »).";

/** A stored value as a sex, or null when it is not one (not given). */
export function asSex(value: string | null | undefined): Sex | null {
  return value === "f" || value === "m" ? value : null;
}

/** gendered(p.sex, { f: "Présente", m: "Présent", n: "Présence confirmée" }). */
export function gendered(sex: string | null | undefined, forms: { f: string; m: string; n: string }): string {
  const known = asSex(sex);
  return known ? forms[known] : forms.n;
}
