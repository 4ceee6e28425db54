/**
 * The filter bars of the management lists: a labelled <select> in a GET form (the
 * filter is in the address, so it works without JavaScript). Apart from form.tsx so
 * that the public pages' forms do not load it.
 */
/** A compact labelled <select> for the filter bars of the management lists (GET forms). */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  options,
  allLabel,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** First option with an empty value ("Tous", "Toutes"), when the filter can be off. */
  allLabel?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-club-600"
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
