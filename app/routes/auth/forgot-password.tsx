/**
 * /mot-de-passe-oublie: asks for an e-mail address and always gives the same
 * answer, whether an account exists or not. When it exists, an e-mail (through
 * the outbox) carries a single-use link valid 30 minutes to
 * /reinitialiser-mot-de-passe. Limited to 3 requests per 5 minutes per address IP.
 * Form on the forms convention.
 */
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthErrorLinks, linkClass } from "~/components/auth-card";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { forgotPasswordSchema } from "~/lib/accounts/auth-forms";
import { crossSiteRefusal, tryAuth } from "~/lib/accounts/auth-replies.server";
import { requestPasswordReset } from "~/lib/accounts/auth-operations.server";
import { requestInfoContext } from "~/lib/http/context";
import { isSameOriginRequest } from "~/lib/http/csrf.server";
import { invalid, parseSubmission } from "~/lib/http/forms";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";
import { buttonClasses } from "~/components/ui/button";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mot de passe oublié",
    description: "Recevez par e-mail un lien pour choisir un nouveau mot de passe.",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const submission = parseSubmission(await readForm(request), forgotPasswordSchema);
  if (!isSameOriginRequest(request)) return crossSiteRefusal(submission);
  if (submission.status !== "success") return invalid(submission);
  const { email } = submission.value;
  return tryAuth(submission, async () => {
    await requestPasswordReset({ email, ip });
    return { sent: email };
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const code = actionData && "code" in actionData ? (actionData.code as string | null) : null;
  const [form, fields] = useClubForm({
    id: "mot-de-passe-oublie",
    // Imported on the form's first use: the page itself holds no Zod.
    schema: () => import("~/lib/accounts/auth-forms").then((m) => m.forgotPasswordSchema),
    lastResult,
  });
  if (actionData && "sent" in actionData) {
    return (
      <AuthCard title="Mot de passe oublié">
        <FormMessage tone="success">
          Si un compte existe pour l'adresse {actionData.sent}, un e-mail vient de lui être envoyé avec un lien pour
          choisir un nouveau mot de passe. Ce lien est valable 30 minutes et ne sert qu'une fois. Pensez à regarder dans
          les courriers indésirables.
        </FormMessage>
        <p>
          <Link to={href("/connexion")} className={linkClass}>
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
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} lastResult={lastResult}>
          <AuthErrorLinks code={code} />
        </FormErrors>
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...fieldProps(fields.email)}
        />
        <SubmitButton pendingLabel="Envoi en cours…" className={buttonClasses({ size: "lg", width: "full" })}>
          Recevoir le lien
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={href("/connexion")} className={linkClass}>
          Retour à la connexion
        </Link>
      </p>
    </AuthCard>
  );
}
