/**
 * Sign-in settings of the profile page: the e-mail address (intent "email",
 * confirmed with the password), the password (intent "password") and the
 * Google link (intents "link-google", "unlink-google"). Passwords are never
 * sent back by the server (hideFields), so a refused form shows them empty.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { emailChangeSchema, passwordChangeSchema } from "~/lib/accounts/account-settings";
import { PROFILE_NOT_SAVED } from "~/lib/members/profiles";
import { z } from "zod";
import {
  h2Class,
  PROFILE_ACTION,
  resultFor,
  secondaryButton,
  sectionClass,
  Success,
  successFor,
  type ProfileAnswer,
} from "./shared";

export function EmailSection({ email, answer }: { email: string; answer: ProfileAnswer | undefined }) {
  const changed = successFor(answer, "email");
  return (
    <section aria-labelledby="titre-email" className={sectionClass}>
      <h2 id="titre-email" className={h2Class}>
        Adresse e-mail
      </h2>
      <p className="mb-4 text-slate-700">
        Adresse actuelle : <strong>{email}</strong>
      </p>
      <Success message={changed} />
      <EmailForm key={changed ? answer?.done : "email"} lastResult={resultFor(answer, "email")} />
    </section>
  );
}

function EmailForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useClubForm({ id: "profil-email", schema: emailChangeSchema, lastResult });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} summary={PROFILE_NOT_SAVED} />
      <input type="hidden" name="intent" value="email" />
      <TextField
        label="Nouvelle adresse e-mail"
        type="email"
        autoComplete="email"
        required
        {...fieldProps(fields.newEmail)}
      />
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        required
        hint="Pour votre sécurité, confirmez le changement avec votre mot de passe. L'adresse change quand vous ouvrez le lien envoyé à la nouvelle."
        {...fieldProps(fields.password)}
      />
      <SubmitButton pendingLabel="Modification…">Changer d'adresse e-mail</SubmitButton>
    </Form>
  );
}

export function PasswordSection({ hasPassword, answer }: { hasPassword: boolean; answer: ProfileAnswer | undefined }) {
  const changed = successFor(answer, "password");
  return (
    <section aria-labelledby="mot-de-passe" className={sectionClass}>
      <h2 id="mot-de-passe" className={h2Class}>
        Mot de passe
      </h2>
      <Success message={changed} />
      {hasPassword ? (
        <PasswordForm key={changed ? answer?.done : "password"} lastResult={resultFor(answer, "password")} />
      ) : (
        <p className="text-slate-700">
          Vous vous connectez avec Google et n'avez pas de mot de passe. Pour en créer un, utilisez{" "}
          <Link to={href("/mot-de-passe-oublie")} className="font-semibold text-club-800 underline">
            « Mot de passe oublié »
          </Link>{" "}
          avec votre adresse e-mail.
        </p>
      )}
    </section>
  );
}

function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useClubForm({ id: "profil-mot-de-passe", schema: passwordChangeSchema, lastResult });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} summary={PROFILE_NOT_SAVED} />
      <input type="hidden" name="intent" value="password" />
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        required
        {...fieldProps(fields.currentPassword)}
      />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        hint="Au moins 8 caractères ; une phrase de plusieurs mots est facile à retenir et difficile à deviner."
        {...fieldProps(fields.newPassword)}
      />
      <TextField
        label="Confirmer le nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        {...fieldProps(fields.confirmPassword)}
      />
      <p className="mb-4 text-sm text-slate-700">Vos autres sessions (sur d'autres appareils) seront fermées.</p>
      <SubmitButton pendingLabel="Modification…">Changer de mot de passe</SubmitButton>
    </Form>
  );
}

const buttonOnly = z.object({});

export function GoogleSection({
  email,
  methods,
  googleNotice,
  answer,
}: {
  email: string;
  methods: { hasGoogle: boolean; googleAvailable: boolean };
  googleNotice: "linked" | "error" | null;
  answer: ProfileAnswer | undefined;
}) {
  const intent = methods.hasGoogle ? "unlink-google" : "link-google";
  const lastResult = resultFor(answer, intent);
  const [form] = useClubForm({ id: "profil-google", schema: buttonOnly, lastResult });
  return (
    <section aria-labelledby="google" className={sectionClass}>
      <h2 id="google" className={h2Class}>
        Connexion avec Google
      </h2>
      {googleNotice === "linked" && methods.hasGoogle ? (
        <FormMessage tone="success">Votre compte Google est associé : vous pouvez vous connecter avec lui.</FormMessage>
      ) : null}
      {googleNotice === "error" || (googleNotice === "linked" && !methods.hasGoogle) ? (
        <FormMessage>
          L'association avec Google a échoué. Vérifiez que le compte Google utilise la même adresse e-mail ({email}) et
          réessayez.
        </FormMessage>
      ) : null}
      <Success message={successFor(answer, "link-google", "unlink-google")} />
      {methods.hasGoogle || methods.googleAvailable ? (
        <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)} reloadDocument={!methods.hasGoogle}>
          <FormErrors form={form} lastResult={lastResult} />
          <input type="hidden" name="intent" value={intent} />
          <p className="mb-4 text-slate-700">
            {methods.hasGoogle
              ? "Un compte Google est associé à votre compte."
              : "Associez votre compte Google (même adresse e-mail) pour vous connecter sans mot de passe."}
          </p>
          <button type="submit" className={secondaryButton}>
            {methods.hasGoogle ? "Dissocier mon compte Google" : "Associer mon compte Google"}
          </button>
        </Form>
      ) : (
        <p className="text-slate-700">La connexion avec Google n'est pas disponible pour le moment.</p>
      )}
    </section>
  );
}
