/** Age in whole years on a Paris day ("2016-05-04" on "2026-11-25" -> 10). Browser-safe. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split("-").map(Number);
  const [y = 0, m = 0, d = 0] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
