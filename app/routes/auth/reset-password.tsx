/**
 * /reinitialiser-mot-de-passe?token=…: the link of the reset e-mail. Checks
 * the token (single use, 30 minutes), sets the new password and ends every
 * session of the account, then sends the visitor to the sign-in page.
 * Form on the forms convention; the password is never sent back.
 */
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, linkClass } from "~/components/auth-card";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { AUTH_PASSWORD_FIELDS, resetPasswordSchema } from "~/lib/accounts/auth-forms";
import { crossSiteRefusal, tryAuth } from "~/lib/accounts/auth-replies.server";
import { AUTH_ERRORS } from "~/lib/accounts/auth-errors";
import { isResetTokenValid, resetPassword } from "~/lib/accounts/auth-operations.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { invalid, parseSubmission } from "~/lib/http/forms";
import { PASSWORD_HINT } from "~/lib/accounts/password-rules";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";
import { buttonClasses } from "~/components/ui/button";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Nouveau mot de passe",
    description: "Choisissez un nouveau mot de passe pour votre compte.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isResetTokenValid(token), passwordHint: PASSWORD_HINT };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const submission = parseSubmission(await readForm(request), resetPasswordSchema);
  if (!isSameOriginRequest(request)) return crossSiteRefusal(submission);
  if (submission.status !== "success") return invalid(submission, { hideFields: AUTH_PASSWORD_FIELDS });
  const { token, password } = submission.value;
  return tryAuth(submission, async () => {
    await resetPassword({ token, newPassword: password, ip });
    return redirect(`${href("/connexion")}?reinitialise=1`);
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, valid } = loaderData;
  const lastResult = actionData?.result;
  const code = actionData && "code" in actionData ? (actionData.code as string | null) : null;
  const [form, fields] = useClubForm({
    id: "nouveau-mot-de-passe",
    // Imported on the form's first use: the page itself holds no Zod.
    schema: () => import("~/lib/accounts/auth-forms").then((m) => m.resetPasswordSchema),
    lastResult,
  });
  if (!valid && !actionData) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <FormMessage>{AUTH_ERRORS["auth/invalid-reset-token"]}</FormMessage>
        <p>
          <Link to={href("/mot-de-passe-oublie")} className={linkClass}>
            Demander un nouveau lien
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nouveau mot de passe" intro="Choisissez le nouveau mot de passe de votre compte.">
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} lastResult={lastResult}>
          {code === "auth/invalid-reset-token" ? (
            <p className="mt-2">
              <Link to={href("/mot-de-passe-oublie")} className="font-semibold underline">
                Demander un nouveau lien
              </Link>
            </p>
          ) : null}
        </FormErrors>
        <input type="hidden" name="token" value={token} />
        <TextField
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          required
          hint={loaderData.passwordHint}
          {...fieldProps(fields.password)}
        />
        <SubmitButton pendingLabel="Enregistrement…" className={buttonClasses({ size: "lg", width: "full" })}>
          Enregistrer le mot de passe
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
