/**
 * /connexion: sign-in with e-mail and password, or with Google (OIDC
 * redirect flow). Works without JavaScript: the forms post to this route's
 * action, which calls Better Auth on the server and forwards its cookies.
 * After sign-in the visitor goes back to `redirectTo` (same-site paths only),
 * else to /espace-membre. Errors follow the catalogue: `{ code, message }`,
 * answered through Conform (auth-replies.server.ts); the
 * password is never sent back.
 */
import { Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-in";
import { AuthCard, AuthErrorLinks, AuthErrorMessage, linkClass } from "~/components/auth-card";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { AUTH_PASSWORD_FIELDS, signInSchema } from "~/lib/accounts/auth-forms";
import { crossSiteRefusal, tryAuth } from "~/lib/accounts/auth-replies.server";
import { authError, isAuthErrorCode, type AuthError } from "~/lib/accounts/auth-errors";
import { googleEnabled } from "~/lib/accounts/auth.server";
import {
  googleCallbackError,
  safeRedirectPath,
  signInWithPassword,
  startGoogleSignIn,
} from "~/lib/accounts/auth-operations.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { invalid, parseSubmission } from "~/lib/http/forms";
import { log } from "~/lib/core/log.server";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";
import { readForm } from "~/lib/http/request.server";
import { buttonClasses } from "~/components/ui/button";
import { GoogleSignIn } from "~/components/google-sign-in";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Connexion",
    description: "Connectez-vous à votre espace membre du club avec votre e-mail ou votre compte Google.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));

  // Back from Google with an error: log it, then show the catalogue message on a clean URL.
  const providerError = url.searchParams.get("error");
  if (providerError) {
    const code = googleCallbackError(providerError);
    log.warn("google sign-in failed", { error: providerError, code });
    throw redirect(`${href("/connexion")}?${new URLSearchParams({ erreur: code, redirectTo })}`);
  }

  if (await getSessionUser(request)) throw redirect(redirectTo);

  const erreur = url.searchParams.get("erreur");
  const error: AuthError | null = isAuthErrorCode(erreur) ? authError(erreur) : null;
  return {
    redirectTo,
    error,
    passwordReset: url.searchParams.get("reinitialise") === "1",
    google: googleEnabled(),
  };
}

/** A slowed-down sign-in (429) tells when to retry in `Retry-After` too. */
export function headers({ parentHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  actionHeaders.forEach((value, key) => (key === "set-cookie" ? merged.append(key, value) : merged.set(key, value)));
  return merged;
}

const googleSchema = z.object({ redirectTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const formData = await readForm(request);
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const sameOrigin = isSameOriginRequest(request);

  if (formData.get("intent") === "google") {
    const submission = parseSubmission(formData, googleSchema);
    if (!sameOrigin) return crossSiteRefusal(submission);
    return tryAuth(submission, async () => {
      const { url, headers } = await startGoogleSignIn({ redirectTo, ip, headers: request.headers });
      return redirect(url, { headers });
    });
  }

  const submission = parseSubmission(formData, signInSchema);
  if (!sameOrigin) return crossSiteRefusal(submission);
  if (submission.status !== "success") return invalid(submission, { hideFields: AUTH_PASSWORD_FIELDS });
  const { email, password } = submission.value;
  return tryAuth(submission, async () => {
    const { headers } = await signInWithPassword({ email, password, ip, headers: request.headers });
    return redirect(redirectTo, { headers });
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, google, passwordReset } = loaderData;
  const lastResult = actionData?.result;
  const [form, fields] = useClubForm({
    id: "connexion",
    // Imported on the form's first use: the page itself holds no Zod.
    schema: () => import("~/lib/accounts/auth-forms").then((m) => m.signInSchema),
    lastResult,
  });
  const code = actionData && "code" in actionData ? (actionData.code as string | null) : null;
  const signUpHref =
    redirectTo === href("/espace-membre")
      ? href("/inscription")
      : `${href("/inscription")}?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AuthCard
      title="Connexion"
      intro={
        <>
          Accédez à votre espace membre. Pas encore de compte ?{" "}
          <Link to={signUpHref} className={linkClass}>
            Créer un compte
          </Link>
        </>
      }
    >
      {passwordReset && !actionData ? (
        <FormMessage tone="success">
          Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe.
        </FormMessage>
      ) : null}
      {actionData ? null : <AuthErrorMessage error={loaderData.error} />}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} lastResult={lastResult}>
          <AuthErrorLinks code={code} />
        </FormErrors>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="intent" value="password" />
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...fieldProps(fields.email)}
        />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
          {...fieldProps(fields.password)}
        />
        <p className="mb-4 text-sm">
          <Link to={href("/mot-de-passe-oublie")} className={linkClass}>
            Mot de passe oublié ?
          </Link>
        </p>
        <SubmitButton pendingLabel="Connexion en cours…" className={buttonClasses({ size: "lg", width: "full" })}>
          Se connecter
        </SubmitButton>
      </Form>
      {google ? <GoogleSignIn redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
