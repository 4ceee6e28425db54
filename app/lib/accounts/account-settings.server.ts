/**
 * The member's own account settings: e-mail (after re-entering the password),
 * password (ends the other sessions), Google link and unlink (the last way to
 * sign in cannot be removed). Each operation returns a French result; the
 * Better Auth calls carry the request's cookies.
 */
import { and, eq, ne } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { z } from "zod";
import { accounts, users } from "#db/schema";
import { getAuth, GOOGLE_PROVIDER_ID, googleEnabled } from "./auth.server";
import { db } from "../core/db.server";
import { log } from "../core/log.server";
import { queueMail } from "../mail/mail.server";
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords";
import { checkRateLimit, retryAfterText } from "../http/rate-limit.server";

export type SettingsResult =
  | { ok: true; message: string; headers?: Headers; redirectTo?: string }
  | { ok: false; errors: Record<string, string> };

export interface SignInMethods {
  hasPassword: boolean;
  hasGoogle: boolean;
  googleAvailable: boolean;
}

export async function signInMethods(userId: string): Promise<SignInMethods> {
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  const providers = rows.map((r) => r.providerId);
  return {
    hasPassword: providers.includes("credential"),
    hasGoogle: providers.includes(GOOGLE_PROVIDER_ID),
    googleAvailable: googleEnabled(),
  };
}

function betterAuthHeaders(request: Request): Headers {
  const h = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) h.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) h.set("user-agent", ua);
  return h;
}

function setCookies(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const c of headers?.getSetCookie() ?? []) out.append("Set-Cookie", c);
  return out;
}

function limited(userId: string, field: string): SettingsResult | null {
  const r = checkRateLimit(`account-settings:${userId}`, 10, 15 * 60_000);
  if (r.ok) return null;
  return { ok: false, errors: { [field]: `Trop de tentatives. Réessayez ${retryAfterText(r.retryAfterSeconds)}.` } };
}

/** True when `password` is the user's current password (Better Auth checks the hash). */
async function passwordMatches(request: Request, password: string): Promise<boolean> {
  try {
    await getAuth().api.verifyPassword({ body: { password }, headers: betterAuthHeaders(request) });
    return true;
  } catch (err) {
    if (err instanceof APIError) return false;
    throw err;
  }
}

export const emailChangeSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Indiquez la nouvelle adresse e-mail")
    .pipe(z.email("Adresse e-mail invalide (exemple : prenom.nom@exemple.fr)")),
  password: z.string().min(1, "Saisissez votre mot de passe actuel pour confirmer"),
});

/** Changes the e-mail after checking the password; the old address is told. */
export async function changeEmail(
  request: Request,
  user: { id: string; email: string; prenom: string },
  input: z.output<typeof emailChangeSchema>,
): Promise<SettingsResult> {
  const methods = await signInMethods(user.id);
  if (!methods.hasPassword) {
    return {
      ok: false,
      errors: {
        password:
          "Votre compte n'a pas de mot de passe (connexion avec Google) : créez-en un avec « Mot de passe oublié » pour pouvoir changer d'adresse.",
      },
    };
  }
  const stop = limited(user.id, "password");
  if (stop) return stop;
  if (input.newEmail === user.email.toLowerCase()) {
    return { ok: false, errors: { newEmail: "C'est déjà votre adresse actuelle." } };
  }
  if (!(await passwordMatches(request, input.password))) {
    return { ok: false, errors: { password: "Mot de passe incorrect." } };
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.newEmail), ne(users.id, user.id)));
  if (taken) return { ok: false, errors: { newEmail: "Cette adresse est déjà utilisée par un autre compte." } };
  try {
    await db
      .update(users)
      .set({ email: input.newEmail, emailVerified: false, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  } catch (err) {
    log.warn("e-mail change refused", { userId: user.id, err: err instanceof Error ? err.message : String(err) });
    return { ok: false, errors: { newEmail: "Cette adresse est déjà utilisée par un autre compte." } };
  }
  await queueMail({
    to: user.email,
    subject: "Votre adresse e-mail a été modifiée",
    text: [
      `Bonjour ${user.prenom},`.replace(" ,", ","),
      "",
      `L'adresse e-mail de votre compte sur le site du club a été remplacée par ${input.newEmail}.`,
      "Si vous n'êtes pas à l'origine de ce changement, contactez le club au plus vite.",
    ].join("\n"),
  });
  log.info("e-mail changed by its owner", { userId: user.id });
  return { ok: true, message: `Votre adresse e-mail est désormais ${input.newEmail}.` };
}

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Saisissez votre mot de passe actuel"),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Au moins ${PASSWORD_MIN_LENGTH} caractères`)
      .max(PASSWORD_MAX_LENGTH, `${PASSWORD_MAX_LENGTH} caractères au maximum`),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Les deux mots de passe ne sont pas identiques",
  });

/** Changes the password and ends every other session of the user. */
export async function changePassword(
  request: Request,
  userId: string,
  input: z.output<typeof passwordChangeSchema>,
): Promise<SettingsResult> {
  const methods = await signInMethods(userId);
  if (!methods.hasPassword) {
    return {
      ok: false,
      errors: { currentPassword: "Votre compte n'a pas encore de mot de passe : utilisez « Mot de passe oublié » pour en créer un." },
    };
  }
  const weak = passwordProblem(input.newPassword);
  if (weak) return { ok: false, errors: { newPassword: weak } };
  const stop = limited(userId, "currentPassword");
  if (stop) return stop;
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: betterAuthHeaders(request),
      returnHeaders: true,
    });
    log.info("password changed by its owner", { userId });
    return {
      ok: true,
      message: "Votre mot de passe a été modifié. Vos autres sessions (autres appareils) ont été fermées.",
      headers: setCookies(headers),
    };
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD") return { ok: false, errors: { currentPassword: "Mot de passe actuel incorrect." } };
      if (code === "WEAK_PASSWORD") return { ok: false, errors: { newPassword: err.message } };
      if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
        return { ok: false, errors: { newPassword: `Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.` } };
      }
    }
    log.error("password change failed", { userId, err: err instanceof Error ? err.message : String(err) });
    return { ok: false, errors: { currentPassword: "Le mot de passe n'a pas pu être modifié. Réessayez dans quelques instants." } };
  }
}

/** Starts linking a Google account: returns the provider URL to redirect to. */
export async function startGoogleLink(request: Request, userId: string): Promise<SettingsResult> {
  const methods = await signInMethods(userId);
  if (!methods.googleAvailable) return { ok: false, errors: { google: "La connexion avec Google n'est pas disponible pour le moment." } };
  if (methods.hasGoogle) return { ok: false, errors: { google: "Un compte Google est déjà associé." } };
  try {
    const { headers, response } = await getAuth().api.linkSocialAccount({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: "/espace-membre/profil?google=associe",
        errorCallbackURL: "/espace-membre/profil?google=erreur",
        disableRedirect: true,
      },
      headers: betterAuthHeaders(request),
      returnHeaders: true,
    });
    if (!response.url) throw new Error("no authorisation URL");
    return { ok: true, message: "", headers: setCookies(headers), redirectTo: response.url };
  } catch (err) {
    log.error("google link could not start", { userId, err: err instanceof Error ? err.message : String(err) });
    return { ok: false, errors: { google: "L'association avec Google n'a pas pu démarrer. Réessayez dans quelques instants." } };
  }
}

/** Removes the Google sign-in, unless it is the last way to sign in. */
export async function unlinkGoogle(userId: string): Promise<SettingsResult> {
  const methods = await signInMethods(userId);
  if (!methods.hasGoogle) return { ok: false, errors: { google: "Aucun compte Google n'est associé." } };
  if (!methods.hasPassword) {
    return {
      ok: false,
      errors: {
        google:
          "Google est votre seul moyen de connexion : créez d'abord un mot de passe (« Mot de passe oublié ») avant de dissocier Google.",
      },
    };
  }
  await db.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, GOOGLE_PROVIDER_ID)));
  log.info("google unlinked by its owner", { userId });
  return { ok: true, message: "Votre compte Google a été dissocié. Connectez-vous désormais avec votre e-mail et votre mot de passe." };
}
