/**
 * The honeypot of the public forms: a text field moved off
 * screen and hidden from assistive technology (aria-hidden, no tab stop), so
 * only robots fill it; spam-guard.server.ts drops what they send.
 */
import { HONEYPOT_FIELD } from "~/lib/http/spam-guard";

export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Ne pas remplir ce champ</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
