/**
 * /mot-de-passe-oublie: asks for an e-mail address and always gives the same
 * answer, whether an account exists or not. When it exists, an e-mail (through
 * the outbox) carries a single-use link valid 30 minutes to
 * /reinitialiser-mot-de-passe. Limited to 3 requests per 5 minutes per address IP.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthErrorMessage, linkClass } from "~/components/auth-card";
import { FormMessage, SubmitButton, TextField } from "~/components/form";
import { authError } from "~/lib/accounts/auth-errors";
import { requestPasswordReset } from "~/lib/accounts/auth.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { parseForm } from "~/lib/http/forms";
import { pageMeta } from "~/lib/http/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mot de passe oublié",
    description: "Recevez par e-mail un lien pour choisir un nouveau mot de passe.",
  });

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Saisissez votre adresse e-mail.")
    .max(254, "Adresse e-mail trop longue.")
    .pipe(z.email("Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.")),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const parsed = parseForm(await request.formData(), schema);
  const values = { email: parsed.values.email ?? "" };
  if (!isSameOriginRequest(request)) {
    return data({ sent: false, error: authError("auth/invalid-origin"), fieldErrors: {}, values }, { status: 403 });
  }
  if (!parsed.ok) return data({ sent: false, error: null, fieldErrors: parsed.errors, values }, { status: 400 });
  const result = await requestPasswordReset({ email: parsed.data.email, ip });
  if (!result.ok) return data({ sent: false, error: result.error, fieldErrors: {}, values }, { status: result.status });
  return { sent: true, error: null, fieldErrors: {}, values };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  if (actionData?.sent) {
    return (
      <AuthCard title="Mot de passe oublié">
        <FormMessage tone="success">
          Si un compte existe pour l'adresse {actionData.values.email}, un e-mail vient de lui être envoyé avec un lien pour
          choisir un nouveau mot de passe. Ce lien est valable 30 minutes et ne sert qu'une fois. Pensez à regarder dans les
          courriers indésirables.
        </FormMessage>
        <p>
          <Link to="/connexion" className={linkClass}>
            Retour à la connexion
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Mot de passe oublié"
      intro="Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      <AuthErrorMessage error={actionData?.error} />
      <Form method="post" noValidate>
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={actionData?.values.email}
          error={fieldErrors.email}
        />
        <SubmitButton pendingLabel="Envoi en cours…" className="w-full rounded-md bg-club-700 px-5 py-2.5 font-semibold text-white shadow hover:bg-club-800 disabled:opacity-70">
          Recevoir le lien
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/connexion" className={linkClass}>
          Retour à la connexion
        </Link>
      </p>
    </AuthCard>
  );
}
