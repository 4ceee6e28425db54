/**
 * /confirmer-email?jeton=…: the link mailed to a new e-mail address
 * (email-change.server.ts). Opening the link changes nothing (mail scanners
 * open links): the page shows the address and a button; the POST confirms
 * it. Form on the forms convention.
 */
import { Form, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/confirm-email";
import { AuthCard, linkClass } from "~/components/auth-card";
import { FormErrors, FormMessage, SubmitButton, useClubForm, getFormProps } from "~/components/form";
import { buttonClasses } from "~/components/ui/button";
import { confirmEmailChange, emailChangeFor } from "~/lib/accounts/email-change.server";
import { invalid, parseSubmission, tryDomain } from "~/lib/http/forms";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirmer votre adresse e-mail",
    description: "Confirmez la nouvelle adresse e-mail de votre compte.",
    noindex: true,
  });

const confirmSchema = z.object({
  jeton: z.string({ error: "Le lien est incomplet." }).min(1, "Le lien est incomplet.").max(200),
});

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("jeton") ?? "";
  return { token, newEmail: await emailChangeFor(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request), confirmSchema);
  if (submission.status !== "success") return invalid(submission);
  return tryDomain(submission, async () => {
    const { newEmail } = await confirmEmailChange(submission.value.jeton);
    return { result: null, confirmed: newEmail };
  });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { token, newEmail } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form] = useClubForm({ id: "confirmer-email", schema: confirmSchema, lastResult });
  if (actionData && "confirmed" in actionData) {
    return (
      <AuthCard title="Adresse confirmée">
        <FormMessage tone="success">Votre adresse e-mail est désormais {actionData.confirmed}.</FormMessage>
        <p>
          <Link to={href("/espace-membre")} className={linkClass}>
            Aller à l'espace membre
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (!newEmail && !actionData) {
    return (
      <AuthCard title="Confirmer votre adresse e-mail">
        <FormMessage>
          Ce lien de confirmation n'est plus valable (déjà utilisé ou expiré). Refaites la demande depuis votre profil.
        </FormMessage>
        <p>
          <Link to={href("/espace-membre/profil")} className={linkClass}>
            Mon profil
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirmer votre adresse e-mail"
      intro={newEmail ? <>Nouvelle adresse de votre compte&nbsp;: {newEmail}</> : undefined}
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} lastResult={lastResult} />
        <input type="hidden" name="jeton" value={token} />
        <SubmitButton pendingLabel="Confirmation…" className={buttonClasses({ size: "lg", width: "full" })}>
          Confirmer cette adresse
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
