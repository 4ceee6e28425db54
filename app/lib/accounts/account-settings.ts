/**
 * Account settings forms (e-mail, password, Google link, deletion): schemas
 * shared by the profile page (browser validation) and the server, built from
 * the shared fields (app/lib/http/fields.ts). Browser-safe. Passwords are
 * never sent back to the page (`PASSWORD_FIELDS`, the `hideFields` of replies).
 */
import { z } from "zod";
import { checkbox, email, newPassword, optionalText, passwordInput } from "../http/fields";

export const emailChangeSchema = z.object({
  newEmail: email("Indiquez la nouvelle adresse e-mail."),
  password: passwordInput("Saisissez votre mot de passe actuel pour confirmer"),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: passwordInput("Saisissez votre mot de passe actuel"),
    newPassword: newPassword("Choisissez un nouveau mot de passe."),
    confirmPassword: z.string({ error: "Saisissez une deuxième fois le nouveau mot de passe." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Les deux mots de passe ne sont pas identiques",
  });

export const deleteAccountSchema = z.object({
  confirm: checkbox().refine((v) => v, "Cochez la case pour confirmer la suppression de votre compte."),
  reason: optionalText(1000),
});

/** Fields never echoed back to the page. */
export const PASSWORD_FIELDS = ["password", "currentPassword", "newPassword", "confirmPassword"];
