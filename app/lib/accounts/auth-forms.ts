/**
 * Account pages' forms (sign-in, sign-up, forgot and reset password): schemas
 * shared by the pages (browser validation) and their actions, built from the
 * shared fields (app/lib/http/fields.ts). Browser-safe. Passwords are never
 * sent back (`AUTH_PASSWORD_FIELDS`, the `hideFields` of the replies); the list
 * of common passwords is checked on the server (auth.server.ts).
 */
import { z } from "zod";
import { email, newPassword, passwordInput, personName, withMax } from "../http/fields";

const redirectTo = withMax(2000, z.string().optional());

export const signInSchema = z.object({
  email: email("Saisissez votre adresse e-mail."),
  password: passwordInput("Saisissez votre mot de passe."),
  redirectTo,
});

export const signUpSchema = z.object({
  prenom: personName("Saisissez votre prénom."),
  nom: personName("Saisissez votre nom."),
  email: email("Saisissez votre adresse e-mail."),
  password: newPassword(),
  redirectTo,
});

export const forgotPasswordSchema = z.object({
  email: email("Saisissez votre adresse e-mail."),
});

export const resetPasswordSchema = z.object({
  token: withMax(500, z.string({ error: "Ce lien de réinitialisation est incomplet." })),
  password: newPassword("Choisissez un nouveau mot de passe."),
});

/** Fields never echoed back to the page. */
export const AUTH_PASSWORD_FIELDS = ["password"];
