/**
 * « Se connecter avec Google » under the sign-in form (/connexion): a plain form that the
 * browser sends itself (the answer is a redirect to Google).
 *
 * Rules: shown only when Google sign-in is configured (the route decides); the form posts
 * `intent=google` and the page to return to, to the page's own address, as the password form.
 */
import googleLogo from "~/assets/google-logo.svg?no-inline";

export function GoogleSignIn({ redirectTo }: { redirectTo: string }) {
  return (
    <>
      <p className="my-6 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        ou
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <form method="post">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="intent" value="google" />
        <button
          type="submit"
          className="flex w-full items-center justify-center gap-3 rounded-md border border-slate-400 bg-white px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
        >
          <img src={googleLogo} alt="" width="20" height="20" loading="lazy" className="size-5" />
          Se connecter avec Google
        </button>
      </form>
    </>
  );
}
