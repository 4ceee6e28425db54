/**
 * /inscription: creates an account (prénom, nom, e-mail, password) with the
 * role pré-inscrit, signs it in and opens the member space (the status page
 * of the registration). Passwords: 8 to 128 characters, no composition rule,
 * none of the most common ones (checked on the server; the lengths in the
 * browser too). Errors follow the catalogue, answered through Conform;
 * the password is never sent back.
 */
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/sign-up";
import { AuthCard, AuthErrorLinks, linkClass } from "~/components/auth-card";
import { fieldProps, FormErrors, SubmitButton, TextField, useClubForm, getFormProps } from "~/components/form";
import { AUTH_PASSWORD_FIELDS, signUpSchema } from "~/lib/accounts/auth-forms";
import { crossSiteRefusal, tryAuth } from "~/lib/accounts/auth-replies.server";
import { safeRedirectPath, signUpWithPassword } from "~/lib/accounts/auth-operations.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { invalid, parseSubmission } from "~/lib/http/forms";
import { PASSWORD_HINT } from "~/lib/accounts/password-rules";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";
import { readForm } from "~/lib/http/request.server";
import { buttonClasses } from "~/components/ui/button";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Créer un compte",
    description: "Créez votre compte pour vous pré-inscrire au club et accéder à l'espace membre.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo, passwordHint: PASSWORD_HINT };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const formData = await readForm(request);
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const submission = parseSubmission(formData, signUpSchema);
  if (!isSameOriginRequest(request)) return crossSiteRefusal(submission);
  if (submission.status !== "success") return invalid(submission, { hideFields: AUTH_PASSWORD_FIELDS });
  const { prenom, nom, email, password } = submission.value;
  return tryAuth(submission, async () => {
    const { headers } = await signUpWithPassword({ prenom, nom, email, password, ip, headers: request.headers });
    return redirect(redirectTo, { headers });
  });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const lastResult = actionData?.result;
  const [form, fields] = useClubForm({
    id: "inscription",
    // Imported on the form's first use: the page itself holds no Zod.
    schema: () => import("~/lib/accounts/auth-forms").then((m) => m.signUpSchema),
    lastResult,
  });
  const code = actionData && "code" in actionData ? (actionData.code as string | null) : null;
  const signInHref =
    redirectTo === href("/espace-membre")
      ? href("/connexion")
      : `${href("/connexion")}?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthCard
      title="Créer un compte"
      intro={
        <>
          Votre compte vous permet de vous pré-inscrire et, une fois votre inscription validée par le club, d'accéder à
          l'espace membre. Déjà inscrit ?{" "}
          <Link to={signInHref} className={linkClass}>
            Se connecter
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} lastResult={lastResult}>
          <AuthErrorLinks code={code} />
        </FormErrors>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label="Prénom" autoComplete="given-name" required {...fieldProps(fields.prenom)} />
        <TextField label="Nom" autoComplete="family-name" required {...fieldProps(fields.nom)} />
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
          autoComplete="new-password"
          required
          hint={loaderData.passwordHint}
          {...fieldProps(fields.password)}
        />
        <SubmitButton pendingLabel="Création du compte…" className={buttonClasses({ size: "lg", width: "full" })}>
          Créer mon compte
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
