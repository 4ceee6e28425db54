/**
 * Shared pieces of the account pages (sign-in, sign-up, forgot and reset
 * password): the card around the form and the catalogue error message.
 */
import { href, Link } from "react-router";
import { FormMessage } from "~/components/form";

export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-club-900">{title}</h1>
        {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * A catalogue error `{ code, message }` outside a form answer (the Google
 * callback's error on /connexion), shown with role="alert" and its links.
 * Errors answered by an action are in the form's `<FormErrors>`, with
 * `<AuthErrorLinks code={…} />` inside.
 */
export function AuthErrorMessage({ error }: { error?: { code: string; message: string } | null }) {
  if (!error) return null;
  return (
    <FormMessage>
      <p data-error-code={error.code}>{error.message}</p>
      <AuthErrorLinks code={error.code} />
    </FormMessage>
  );
}

/** The links that help after some catalogue errors (sign in, reset the password, Google). */
export function AuthErrorLinks({ code }: { code: string | null | undefined }) {
  return (
    <>
      {code === "auth/email-already-in-use" ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          <Link to={href("/connexion")} className="font-semibold underline">
            Se connecter
          </Link>
          <Link to={href("/mot-de-passe-oublie")} className="font-semibold underline">
            Réinitialiser le mot de passe
          </Link>
        </p>
      ) : null}
      {code === "auth/account-exists-with-google" || code === "auth/wrong-provider-google" ? (
        <p className="mt-2">
          <Link to={href("/connexion")} className="font-semibold underline">
            Se connecter avec Google
          </Link>
        </p>
      ) : null}
    </>
  );
}

export const linkClass = "font-semibold text-club-700 underline hover:text-club-900";
