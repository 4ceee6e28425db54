/**
 * The profile page's actions: ONE handler per intent (the `intent` field of
 * each form: `handleIntent` of app/lib/http/intents.ts), each
 * parsing its form with the schema the page validates with,
 * calling its domain operation and answering:
 *  - success: `done(intent, message)` — the page shows the message next to
 *    the form that was sent (`intent`) and resets that form (`done`, a fresh id);
 *  - refusal: `{ intent, key, result }` with Conform's result, the typed values
 *    except passwords (`hideFields`).
 * A DomainError of the domain (profile of another account: 404, own profile
 * not removable: 400, wrong password…) becomes a field or form error.
 */
import { randomUUID } from "node:crypto";
import { data, href, redirect } from "react-router";
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
import { DomainError } from "~/lib/core/errors";
import { handleIntent, intentOf } from "~/lib/http/intents";
import { ALREADY_SENT, submitOnce } from "~/lib/http/submissions.server";
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
import { portraitRemoveSchema, portraitUploadSchema } from "~/lib/members/portraits";
import { setPortrait, withdrawPortrait } from "~/lib/members/portraits.server";
import { formatMegabytes, MAX_IMAGE_BYTES } from "~/lib/content/upload-limits";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { de } from "~/lib/typography/elision";

type ProfileIntent =
  | "info"
  | "add-family"
  | "edit-family"
  | "remove-family"
  | "email"
  | "password"
  | "link-google"
  | "unlink-google"
  | "delete-account"
  | "portrait"
  | "remove-portrait";

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
  info: ({ form, ctx }: IntentArgs) =>
    handleIntent("info", form, ownProfileSchema, async (value) => {
      await updateOwnProfile(ctx.user.id, value);
      return done("info", "Vos informations ont été enregistrées.");
    }),

  "add-family": ({ form, ctx }: IntentArgs) =>
    handleIntent("add-family", form, familyProfileSchema, async (value) => {
      const p = await addFamilyProfile(ctx.user.id, value);
      return done("add-family", `Le profil ${de(p.prenom)} a été ajouté.`);
    }),

  "edit-family": ({ form, ctx }: IntentArgs) =>
    handleIntent(
      "edit-family",
      form,
      familyEditSchema,
      async ({ profileId, ...input }) => {
        const p = await updateFamilyProfile(ctx.user.id, profileId, input);
        return done("edit-family", `Le profil ${de(p.prenom)} a été modifié.`);
      },
      { keyField: "profileId" },
    ),

  "remove-family": ({ form, ctx }: IntentArgs) =>
    handleIntent(
      "remove-family",
      form,
      profileIdSchema,
      async ({ profileId }) => {
        await removeFamilyProfile(ctx.user.id, profileId);
        return done("remove-family", "Le profil a été retiré, avec son historique.");
      },
      { keyField: "profileId" },
    ),

  email: ({ request, form, ctx }: IntentArgs) =>
    handleIntent(
      "email",
      form,
      emailChangeSchema,
      async (value) => done("email", (await changeEmail(request, ctx.user, value)).message),
      hidePasswords,
    ),

  password: ({ request, form, ctx }: IntentArgs) =>
    handleIntent(
      "password",
      form,
      passwordChangeSchema,
      async (value) => {
        const { message, headers } = await changePassword(request, ctx.user.id, value);
        return done("password", message, headers);
      },
      hidePasswords,
    ),

  "link-google": ({ request, form, ctx }: IntentArgs) =>
    handleIntent("link-google", form, profileFormOnly, async () => {
      const { redirectTo, headers } = await startGoogleLink(request, ctx.user.id);
      return redirect(redirectTo, { headers });
    }),

  "unlink-google": ({ form, ctx }: IntentArgs) =>
    handleIntent("unlink-google", form, profileFormOnly, async () =>
      done("unlink-google", (await unlinkGoogle(ctx.user.id)).message),
    ),

  // A deletion request is sent once however often the form is (one-time token).
  "delete-account": ({ request, form, ctx }: IntentArgs) =>
    handleIntent("delete-account", form, deleteAccountSchema, async ({ reason }) => {
      const { user } = ctx;
      if (await deletionBlocker(user.id)) {
        const once = await submitOnce("account.delete-request", form, async () => {
          const outcome = await requestAccountDeletion(user.id, reason);
          return outcome.outcome === "queued" ? outcome.reason : "";
        });
        if (once.status === "pending") throw new DomainError(ALREADY_SENT, { status: 409 });
        return done(
          "delete-account",
          `Votre demande de suppression a été transmise aux responsables du club, qui la traiteront dans un délai d'un mois. ${once.value}`,
        );
      }
      const headers = await signOut(request.headers);
      await requestAccountDeletion(user.id, reason);
      return redirect(href("/compte-supprime"), { headers });
    }),

  // A portrait is recorded with the consent ticked; removing it withdraws the consent.
  portrait: ({ form, ctx }: IntentArgs) =>
    handleIntent(
      "portrait",
      form,
      portraitUploadSchema,
      async (value) => {
        const p = await setPortrait(ctx.user, value);
        return done(
          "portrait",
          p.isSelf ? "Votre portrait a été enregistré." : `Le portrait ${de(p.prenom)} a été enregistré.`,
        );
      },
      { keyField: "profileId", hideFields: ["file"] },
    ),

  "remove-portrait": ({ form, ctx }: IntentArgs) =>
    handleIntent(
      "remove-portrait",
      form,
      portraitRemoveSchema,
      async ({ profileId }) => {
        const p = await withdrawPortrait(ctx.user, profileId);
        return done(
          "remove-portrait",
          `${p.isSelf ? "Votre portrait a été retiré" : `Le portrait ${de(p.prenom)} a été retiré`} : son image est effacée.`,
        );
      },
      { keyField: "profileId" },
    ),
} satisfies Record<ProfileIntent, (args: IntentArgs) => Promise<unknown>>;

/** Largest body of the portrait form: the photo and the few fields around it. */
const PORTRAIT_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/**
 * A portrait form whose body is too large, answered before reading it (the
 * body is drained first, so the browser receives the answer); null otherwise.
 */
export async function portraitTooLarge(request: Request) {
  const refused = await oversizedRequest(request, PORTRAIT_REQUEST_BYTES);
  if (!refused) return null;
  const message = `La photo dépasse la taille maximale de ${formatMegabytes(MAX_IMAGE_BYTES)} : choisissez un fichier plus léger.`;
  return data(
    { intent: "portrait", key: null, result: { status: "error" as const, error: { "": [message] } } },
    { status: refused.status },
  );
}

/** Runs the handler of the form's intent (unknown intent: 400). */
export async function runProfileIntent(args: IntentArgs) {
  return handlers[intentOf(args.form, handlers)](args);
}
