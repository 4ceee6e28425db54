/**
 * /inscription: creates an account (prénom, nom, e-mail, password) with the
 * role pré-inscrit, signs it in and opens the member space (the status page
 * of the registration). Passwords: 8 to 128 characters, no composition rule,
 * none of the most common ones. Errors follow the catalogue.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-up";
import { AuthCard, AuthErrorMessage, linkClass } from "~/components/auth-card";
import { SubmitButton, TextField } from "~/components/form";
import { authError } from "~/lib/accounts/auth-errors";
import { safeRedirectPath, signUpWithPassword } from "~/lib/accounts/auth.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { parseForm } from "~/lib/http/forms";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/accounts/password-rules";
import { passwordProblem } from "~/lib/accounts/passwords";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Créer un compte",
    description: "Créez votre compte pour vous pré-inscrire au club et accéder à l'espace membre.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

const schema = z.object({
  prenom: z.string().trim().min(1, "Saisissez votre prénom.").max(80, "80 caractères au maximum."),
  nom: z.string().trim().min(1, "Saisissez votre nom.").max(80, "80 caractères au maximum."),
  email: z
    .string()
    .trim()
    .min(1, "Saisissez votre adresse e-mail.")
    .max(254, "Adresse e-mail trop longue.")
    .pipe(z.email("Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.")),
  password: z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const formData = await request.formData();
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const parsed = parseForm(formData, schema);
  const values = { prenom: parsed.values.prenom ?? "", nom: parsed.values.nom ?? "", email: parsed.values.email ?? "" };
  if (!isSameOriginRequest(request)) {
    return data({ error: authError("auth/invalid-origin"), fieldErrors: {}, values }, { status: 403 });
  }
  if (!parsed.ok) return data({ error: null, fieldErrors: parsed.errors, values }, { status: 400 });
  const result = await signUpWithPassword({ ...parsed.data, ip, headers: request.headers });
  if (!result.ok) {
    return data(
      { error: result.fieldErrors ? null : result.error, fieldErrors: result.fieldErrors ?? {}, values },
      { status: result.status },
    );
  }
  return redirect(redirectTo, { headers: result.headers });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  const signInHref = redirectTo === "/espace-membre" ? "/connexion" : `/connexion?redirectTo=${encodeURIComponent(redirectTo)}`;
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
      <AuthErrorMessage error={actionData?.error} />
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label="Prénom" name="prenom" autoComplete="given-name" required defaultValue={values?.prenom} error={fieldErrors.prenom} />
        <TextField label="Nom" name="nom" autoComplete="family-name" required defaultValue={values?.nom} error={fieldErrors.nom} />
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={values?.email}
          error={fieldErrors.email}
        />
        <TextField
          label="Mot de passe"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`De ${PASSWORD_MIN_LENGTH} à ${PASSWORD_MAX_LENGTH} caractères, sans autre contrainte : une phrase de plusieurs mots est facile à retenir et difficile à deviner.`}
          error={fieldErrors.password}
        />
        <SubmitButton pendingLabel="Création du compte…" className="w-full rounded-md bg-club-700 px-5 py-2.5 font-semibold text-white shadow hover:bg-club-800 disabled:opacity-70">
          Créer mon compte
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
