/**
 * The profile page's actions: ONE handler per intent (the `intent` field of
 * each form), each parsing its form with the schema the page validates with
 * (decision 0009), calling its domain operation and answering:
 *  - success: `done(intent, message)` — the page shows the message next to
 *    the form that was sent (`intent`) and resets that form (`done`, a fresh id);
 *  - refusal: Conform's answer (`invalid` / `tryDomain`), with the typed values
 *    except passwords (`hideFields`).
 * A DomainError of the domain (profile of another account: 404, own profile
 * not removable: 400, wrong password…) becomes a field or form error.
 */
import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  changeEmail,
  changePassword,
  emailChangeSchema,
  passwordChangeSchema,
  startGoogleLink,
  unlinkGoogle,
} from "~/lib/accounts/account-settings.server";
import { deleteAccountSchema, PASSWORD_FIELDS } from "~/lib/accounts/account-settings";
import { signOut } from "~/lib/accounts/auth.server";
import { deletionBlocker, requestAccountDeletion } from "~/lib/accounts/member-data.server";
import { invalid, parseSubmission, tryDomain } from "~/lib/http/forms";
import {
  addFamilyProfile,
  familyEditSchema,
  familyProfileSchema,
  ownProfileSchema,
  profileIdSchema,
  removeFamilyProfile,
  updateFamilyProfile,
  updateOwnProfile,
  type MemberContext,
} from "~/lib/members/profiles.server";

const PROFILE_INTENTS = [
  "info",
  "add-family",
  "edit-family",
  "remove-family",
  "email",
  "password",
  "link-google",
  "unlink-google",
  "delete-account",
] as const;
type ProfileIntent = (typeof PROFILE_INTENTS)[number];

interface IntentArgs {
  request: Request;
  form: FormData;
  ctx: MemberContext;
}

/** A success: the message for the form `intent`, and a fresh id that resets it. */
function done(intent: ProfileIntent, message: string, headers?: Headers) {
  return data({ intent, message, done: randomUUID() }, { headers });
}

const hidePasswords = { hideFields: PASSWORD_FIELDS };

/** Buttons without fields (link and unlink Google): only the intent. */
const profileFormOnly = z.object({});

const handlers = {
  async info({ form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, ownProfileSchema);
    if (submission.status !== "success") return invalid(submission);
    await updateOwnProfile(ctx.user.id, submission.value);
    return done("info", "Vos informations ont été enregistrées.");
  },

  async "add-family"({ form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, familyProfileSchema);
    if (submission.status !== "success") return invalid(submission);
    const p = await addFamilyProfile(ctx.user.id, submission.value);
    return done("add-family", `Le profil de ${p.prenom} a été ajouté.`);
  },

  async "edit-family"({ form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, familyEditSchema);
    if (submission.status !== "success") return invalid(submission);
    const { profileId, ...input } = submission.value;
    return tryDomain(submission, async () => {
      const p = await updateFamilyProfile(ctx.user.id, profileId, input);
      return done("edit-family", `Le profil de ${p.prenom} a été modifié.`);
    });
  },

  async "remove-family"({ form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, profileIdSchema);
    if (submission.status !== "success") return invalid(submission);
    return tryDomain(submission, async () => {
      await removeFamilyProfile(ctx.user.id, submission.value.profileId);
      return done("remove-family", "Le profil a été retiré, avec son historique.");
    });
  },

  async email({ request, form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, emailChangeSchema);
    if (submission.status !== "success") return invalid(submission, hidePasswords);
    return tryDomain(
      submission,
      async () => done("email", (await changeEmail(request, ctx.user, submission.value)).message),
      hidePasswords,
    );
  },

  async password({ request, form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, passwordChangeSchema);
    if (submission.status !== "success") return invalid(submission, hidePasswords);
    return tryDomain(
      submission,
      async () => {
        const { message, headers } = await changePassword(request, ctx.user.id, submission.value);
        return done("password", message, headers);
      },
      hidePasswords,
    );
  },

  async "link-google"({ request, form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, profileFormOnly);
    return tryDomain(submission, async () => {
      const { redirectTo, headers } = await startGoogleLink(request, ctx.user.id);
      throw redirect(redirectTo, { headers });
    });
  },

  async "unlink-google"({ form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, profileFormOnly);
    return tryDomain(submission, async () => done("unlink-google", (await unlinkGoogle(ctx.user.id)).message));
  },

  async "delete-account"({ request, form, ctx }: IntentArgs) {
    const submission = parseSubmission(form, deleteAccountSchema);
    if (submission.status !== "success") return invalid(submission);
    const { user } = ctx;
    const { reason } = submission.value;
    if (await deletionBlocker(user.id)) {
      const outcome = await requestAccountDeletion(user.id, reason);
      const why = outcome.outcome === "queued" ? outcome.reason : "";
      return done(
        "delete-account",
        `Votre demande de suppression a été transmise aux responsables du club, qui la traiteront dans un délai d'un mois. ${why}`,
      );
    }
    const headers = await signOut(request.headers);
    await requestAccountDeletion(user.id, reason);
    throw redirect("/compte-supprime", { headers });
  },
} satisfies Record<ProfileIntent, (args: IntentArgs) => Promise<unknown>>;

export function isProfileIntent(value: unknown): value is ProfileIntent {
  return typeof value === "string" && (PROFILE_INTENTS as readonly string[]).includes(value);
}

/** Runs the handler of the form's intent (unknown intent: 400). */
export async function runProfileIntent(intent: ProfileIntent, args: IntentArgs) {
  return handlers[intent](args);
}
