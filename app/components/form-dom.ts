/**
 * The form's fields as the browser holds them (used by useClubForm's hooks and
 * the browser's validation): which elements a form sends, and their values.
 *
 * Rules: a field is an input, select or textarea with a name; a name sent
 * several times gives a list of values.
 */
export type NamedField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field the form sends (input, select, textarea with a name). */
export function isNamedField(element: unknown): element is NamedField {
  return (
    (element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement) &&
    element.name !== ""
  );
}

/** The form's current values by field name (a name sent several times gives a list). */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const values: Record<string, unknown> = {};
  for (const name of new Set(data.keys())) {
    const all = data.getAll(name).filter((v) => typeof v === "string");
    values[name] = all.length > 1 ? all : all[0];
  }
  return values;
}
