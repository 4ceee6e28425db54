/**
 * The error catalogue of the accounts module (spec section 8): stable codes
 * and their French messages. Actions return `{ code, message }`; pages show
 * the message. Shared by server and UI (no secrets here).
 *
 * The operations of auth.server.ts throw `AuthFailure`: a DomainError
 * that also carries its catalogue code; the pages answer it
 * with `authRefusal` / `tryAuth` (auth-replies.server.ts).
 */
import { DomainError, type DomainErrorStatus } from "../core/errors";

export const AUTH_ERRORS = {
  /** Password sign-in for an account that only has Google. */
  "auth/wrong-provider-google": "Cet e-mail est associé à un compte Google.",
  /** Any other failed password sign-in (unknown e-mail or wrong password). */
  "auth/invalid-credential": "E-mail ou mot de passe incorrect.",
  /** Sign-up with an e-mail that belongs to a Google account. */
  "auth/account-exists-with-google": "Un compte existe déjà avec ce fournisseur.",
  /** Sign-up with an e-mail already used by a password account (the page adds links). */
  "auth/email-already-in-use":
    "Un compte existe déjà avec cette adresse e-mail. Connectez-vous ou réinitialisez votre mot de passe.",
  /** Google sign-in for an e-mail that already has a password account (never linked automatically). */
  "auth/account-exists-with-password": "Un compte existe déjà avec cet e-mail.",
  /** Rate limit reached (the message gets the delay appended). */
  "auth/too-many-requests": "Trop de tentatives.",
  /** Deactivated account. */
  "auth/user-disabled": "Ce compte a été désactivé. Contactez le club pour le réactiver.",
  /** Cancelled consent on Google's page. */
  "auth/popup-closed-by-user": "La connexion avec Google a été annulée.",
  /** Google refused or answered something unusable. */
  "auth/google-failed": "La connexion avec Google a échoué. Réessayez dans quelques instants.",
  /** Google sign-in is not configured on this server. */
  "auth/google-unavailable": "La connexion avec Google n'est pas disponible pour le moment.",
  /** Network or server failure. */
  "auth/network-request-failed": "Le service de connexion ne répond pas. Réessayez dans quelques instants.",
  /** Cross-site form submission refused (CSRF). */
  "auth/invalid-origin": "La demande a été refusée : elle ne provient pas de ce site. Rechargez la page et réessayez.",
  /** Password reset link unknown, used or expired. */
  "auth/invalid-reset-token":
    "Ce lien de réinitialisation n'est plus valable (il a expiré ou a déjà servi). Demandez-en un nouveau.",
  /** Password from the list of the most common passwords. */
  "auth/weak-password":
    "Ce mot de passe fait partie des plus courants et serait deviné facilement. Choisissez-en un autre.",
  /** Anything else. */
  "auth/internal-error": "Une erreur inattendue est survenue. Réessayez dans quelques instants.",
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export interface AuthError {
  code: AuthErrorCode;
  message: string;
}

export function authError(code: AuthErrorCode, message: string = AUTH_ERRORS[code]): AuthError {
  return { code, message };
}

export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(AUTH_ERRORS, value);
}

/** A refused account operation: a DomainError with its catalogue code (and its field, if any). */
export class AuthFailure extends DomainError {
  readonly code: AuthErrorCode;
  /** For a 429: seconds before the next try (sent as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: AuthErrorCode,
    status: DomainErrorStatus,
    options: { message?: string; field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? AUTH_ERRORS[code], { status, field: options.field });
    this.name = "AuthFailure";
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The catalogue's `{ code, message }`. */
  get error(): AuthError {
    return { code: this.code, message: this.message };
  }
}
