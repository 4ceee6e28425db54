/**
 * The parts the public forms (/contact, /cours-d-essai) share: the end of the form, inside it
 * after its button, and the confirmation shown once the form was sent.
 *
 * Rules:
 * - The end of the form carries the one-time token (OnceField, given by the loader: a new one
 *   at each load), the honeypot (HoneypotField) and the note on personal data, with its link to
 *   the legal notice.
 * - The confirmation is a success message, then a link to send another one (the page itself,
 *   empty).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormMessage } from "~/components/form";
import { HoneypotField } from "~/components/honeypot-field";
import { OnceField } from "~/components/once-field";
import { Icon } from "~/components/ui/icon";

/** Inside the form, after its button: « Vos coordonnées servent uniquement à {use}… ». */
export function PublicFormEnd({ token, honeypotId, use }: { token: string; honeypotId: string; use: string }) {
  return (
    <>
      <OnceField token={token} />
      <HoneypotField id={honeypotId} />
      <p className="mt-4 text-sm text-slate-600">
        Vos coordonnées servent uniquement à {use} et ne sont jamais transmises à des tiers. Voir les{" "}
        <Link to="/mentions-legales" className="underline">
          mentions légales
        </Link>
        .
      </p>
    </>
  );
}

/** The confirmation once the form was sent: its first line, what follows, and the link to send another. */
export function PublicFormSent({
  thanks,
  children,
  again,
}: {
  thanks: string;
  children: ReactNode;
  again: { to: string; label: string };
}) {
  return (
    <div className="mt-4">
      <FormMessage tone="success">
        <p className="flex items-start gap-2 font-semibold">
          <Icon name="check-circle-2" className="mt-0.5 h-5 w-5 shrink-0" />
          {thanks}
        </p>
        {children}
      </FormMessage>
      <p>
        <Link to={again.to} className="font-semibold text-club-700 underline">
          {again.label}
        </Link>
      </p>
    </div>
  );
}
