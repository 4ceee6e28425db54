/**
 * First-run setup in the browser: the form's schema, shared by the page
 * (browser validation) and the server (app/lib/operations/setup.server.ts).
 */
import { z } from "zod";
import { email, personName, requiredText } from "../http/fields";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../accounts/password-rules";
import { mailSettingsSchema } from "../mail/mail-settings";

export const SETUP_PATH = "/installation";

export const setupSchema = z
  .object({
    token: z.string({ error: "Lien d'installation incomplet." }).max(200),
    prenom: personName("Indiquez votre prénom."),
    nom: personName("Indiquez votre nom."),
    email: email("Indiquez votre adresse e-mail."),
    password: z
      .string({ error: "Choisissez un mot de passe." })
      .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
      .max(PASSWORD_MAX_LENGTH, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`),
    confirmation: z.string({ error: "Retapez le mot de passe." }),
    clubName: requiredText("Indiquez le nom du club.", 120),
    clubEmail: email("Indiquez l'adresse e-mail de contact du club."),
    street: requiredText("Indiquez l'adresse (numéro et rue).", 200),
    postalCode: z
      .string({ error: "Indiquez le code postal." })
      .trim()
      .regex(/^\d{5}$/, "Le code postal a 5 chiffres (exemple : 94000)."),
    city: requiredText("Indiquez la ville.", 100),
    /** Mail: "plus-tard" (the outbox keeps the messages) or "smtp" with the server's fields. */
    mailChoice: z
      .enum(["plus-tard", "smtp"], { error: "Choisissez une option pour les e-mails." })
      .default("plus-tard"),
    smtpHost: z.string().max(300).optional(),
    smtpPort: z.string().max(10).optional(),
    smtpSecure: z.string().max(10).optional(),
    smtpUser: z.string().max(300).optional(),
    smtpPassword: z.string().max(600).optional(),
    smtpFrom: z.string().max(300).optional(),
  })
  .refine((v) => v.password === v.confirmation, {
    path: ["confirmation"],
    message: "Les deux mots de passe ne sont pas identiques.",
  })
  .superRefine((v, ctx) => {
    if (v.mailChoice !== "smtp") return;
    const mail = mailSettingsSchema.safeParse(v);
    if (!mail.success)
      for (const issue of mail.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

export type SetupInput = z.infer<typeof setupSchema>;
