/**
 * /reinitialiser-mot-de-passe?token=…: the link of the reset e-mail. Checks
 * the token (single use, 30 minutes), sets the new password and ends every
 * session of the account, then sends the visitor to the sign-in page.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { AuthCard, AuthErrorMessage, linkClass } from "~/components/auth-card";
import { FormMessage, SubmitButton, TextField } from "~/components/form";
import { AUTH_ERRORS, authError } from "~/lib/accounts/auth-errors";
import { isResetTokenValid, resetPassword } from "~/lib/accounts/auth.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { parseForm } from "~/lib/http/forms";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/accounts/password-rules";
import { passwordProblem } from "~/lib/accounts/passwords";
import { pageMeta } from "~/lib/http/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Nouveau mot de passe",
    description: "Choisissez un nouveau mot de passe pour votre compte.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isResetTokenValid(token) };
}

const schema = z.object({
  token: z.string().min(1),
  password: z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const parsed = parseForm(await request.formData(), schema);
  if (!isSameOriginRequest(request)) {
    return data({ error: authError("auth/invalid-origin"), fieldErrors: {} }, { status: 403 });
  }
  if (!parsed.ok) return data({ error: null, fieldErrors: parsed.errors }, { status: 400 });
  const result = await resetPassword({ token: parsed.data.token, newPassword: parsed.data.password, ip });
  if (!result.ok) {
    return data(
      { error: result.fieldErrors ? null : result.error, fieldErrors: result.fieldErrors ?? {} },
      { status: result.status },
    );
  }
  return redirect("/connexion?reinitialise=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, valid } = loaderData;
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  if (!valid && !actionData) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <FormMessage>{AUTH_ERRORS["auth/invalid-reset-token"]}</FormMessage>
        <p>
          <Link to="/mot-de-passe-oublie" className={linkClass}>
            Demander un nouveau lien
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nouveau mot de passe" intro="Choisissez le nouveau mot de passe de votre compte.">
      <AuthErrorMessage error={actionData?.error} />
      {actionData?.error?.code === "auth/invalid-reset-token" ? (
        <p className="mb-4">
          <Link to="/mot-de-passe-oublie" className={linkClass}>
            Demander un nouveau lien
          </Link>
        </p>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={token} />
        <TextField
          label="Nouveau mot de passe"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`De ${PASSWORD_MIN_LENGTH} à ${PASSWORD_MAX_LENGTH} caractères, sans autre contrainte : une phrase de plusieurs mots est facile à retenir et difficile à deviner.`}
          error={fieldErrors.password}
        />
        <SubmitButton pendingLabel="Enregistrement…" className="w-full rounded-md bg-club-700 px-5 py-2.5 font-semibold text-white shadow hover:bg-club-800 disabled:opacity-70">
          Enregistrer le mot de passe
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
