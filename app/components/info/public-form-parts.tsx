/**
 * The parts the public forms (/contact, /cours-d-essai) share: the end of the form, inside it
 * after its button, and the confirmation shown once the form was sent.
 *
 * Rules:
 * - The end of the form carries the one-time token (given by the loader: a new one at each
 *   load), the honeypot (HoneypotField) and the note on personal data, with its link to the
 *   legal notice.
 * - The confirmation is a success message, then a link to send another one (the page itself,
 *   empty).
 * - Their words come from the loader, as the page shows them: the public pages' script stays
 *   within its budget.
 */
import { Link } from "react-router";
import { FormMessage } from "~/components/form";
import { HoneypotField } from "~/components/honeypot-field";
import { Icon } from "~/components/ui/icon";
import { SUBMISSION_FIELD } from "~/lib/http/once";

/** Inside the form, after its button: the token, the honeypot, then `note` and the legal notice's link. */
export function PublicFormEnd({ token, honeypotId, note }: { token: string; honeypotId: string; note: string }) {
  return (
    <>
      <input type="hidden" name={SUBMISSION_FIELD} value={token} />
      <HoneypotField id={honeypotId} />
      <p className="mt-4 text-sm text-slate-600">
        {note} Voir les{" "}
        <Link to="/mentions-legales" className="underline">
          mentions légales
        </Link>
        .
      </p>
    </>
  );
}

/** What the confirmation says: its first line, the lines after it, and the link to send another. */
export interface SentNotice {
  thanks: string;
  lines: string[];
  again: { to: string; label: string };
}

export function PublicFormSent({ notice }: { notice: SentNotice }) {
  return (
    <div className="mt-4">
      <FormMessage tone="success">
        <p className="flex items-start gap-2 font-semibold">
          <Icon name="check-circle-2" className="mt-0.5 h-5 w-5 shrink-0" />
          {notice.thanks}
        </p>
        {notice.lines.map((line) => (
          <p key={line} className="mt-2">
            {line}
          </p>
        ))}
      </FormMessage>
      <p>
        <Link to={notice.again.to} className="font-semibold text-club-700 underline">
          {notice.again.label}
        </Link>
      </p>
    </div>
  );
}
