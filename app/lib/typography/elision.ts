/**
 * Elision before a name or a word, browser-safe: « Cotisation d'Olivier Lambert »,
 * « le profil d'Emma », « l'équipe », « qu'Isabelle », never « de Emma ».
 *
 * Rules:
 * - de, le, la, que, ne, je, me, te, se, jusque, lorsque, puisque lose their « e »/« a » and take an
 *   apostrophe before a word whose first letter is a vowel, accented or not (A, É, Â, Î, Ô, Û…),
 *   or Æ / Œ: « d'Élodie », « d'Œdipe ».
 * - H: never elided. A mute h (« l'homme », « d'Hélène ») cannot be told from an aspirated one
 *   (« le héros », « de Hugo ») by spelling, and most words here are first names, whose usage
 *   varies; « de Hugo » is always correct, « d'Hugo » sometimes not. A caller with a known mute-h
 *   word writes the elided form itself.
 * - Y: elided when a consonant follows it, where it sounds like « i » (« d'Yves », « d'Yvonne »),
 *   not when a vowel follows, where it is a consonant (« de Yann », « de Yasmine », « le yaourt »).
 * - Anything else (consonant, digit, quote, empty text): the particle and a space.
 * - The particle keeps its capital: elide("Le", "équipe") is « L'équipe ».
 * - The apostrophe is the straight one, as in most of the site's texts; pass « ’ » to match a
 *   sentence written with the typographic one.
 */

type Particle = "de" | "le" | "la" | "que" | "ne" | "je" | "me" | "te" | "se" | "jusque" | "lorsque" | "puisque";

const VOWEL = /^[aeiouæœ]/i;
const Y_BEFORE_CONSONANT = /^y[^aeiouy\s]/i;

/** Does the word start with a sound that elides the particle before it (see the rules above)? */
export function startsWithVowelSound(word: string): boolean {
  const base = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return VOWEL.test(base) || Y_BEFORE_CONSONANT.test(base);
}

/** « de Hugo », « d'Emma », « L'équipe »: the particle, elided before a vowel sound. */
export function elide(particle: Particle | Capitalize<Particle>, word: string, apostrophe: "'" | "’" = "'"): string {
  return startsWithVowelSound(word) ? `${particle.slice(0, -1)}${apostrophe}${word}` : `${particle} ${word}`;
}

/** « de Hugo », « d'Emma ». */
export function de(word: string, apostrophe: "'" | "’" = "'"): string {
  return elide("de", word, apostrophe);
}

/** « que Hugo », « qu'Isabelle ». */
export function que(word: string, apostrophe: "'" | "’" = "'"): string {
  return elide("que", word, apostrophe);
}
