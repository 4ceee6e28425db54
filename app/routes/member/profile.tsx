/**
 * /espace-membre/profil: the member's own information, the family profiles,
 * their portraits, the sign-in settings and the RGPD rights. Open to every signed-in account,
 * pré-inscrits included (they need their export and deletion too).
 *
 * One page, several forms: each form posts its `intent`, and the action runs
 * the ONE handler of that intent (./profile/intents.server.ts). Each section
 * is a component of ./profile/ with its own Conform form, validated in the
 * browser with the schema the handler uses; every form works
 * without JavaScript.
 */
import type { Route } from "./+types/profile";
import { userContext } from "~/lib/accounts/auth-context";
import { signInMethods } from "~/lib/accounts/account-settings.server";
import { pendingDeletionRequest } from "~/lib/accounts/member-data.server";
import { positiveId } from "~/lib/http/forms";
import { parisDate } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { getSelectedProfile } from "~/lib/members/profiles.server";
import type { LicenceIdentity } from "~/lib/members/profiles";
import { EmailSection, GoogleSection, PasswordSection } from "./profile/account-sections";
import { DataSection } from "./profile/data-section";
import { FamilySection } from "./profile/family-section";
import { InfoSection } from "./profile/info-section";
import { portraitTooLarge, runProfileIntent } from "./profile/intents.server";
import { PortraitSection } from "./profile/portrait-section";
import { portraitsOf } from "~/lib/members/portraits.server";
import { newSubmissionToken } from "~/lib/http/submissions.server";
import type { ProfileAnswer } from "./profile/shared";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mon profil",
    description:
      "Vos informations personnelles, les profils de votre famille, vos moyens de connexion et vos données personnelles.",
    noindex: true,
  });

/** The licence identity fields of a profile, as its forms show them. */
const licenceIdentity = (p: LicenceIdentity): LicenceIdentity => ({
  birthName: p.birthName,
  placeOfBirth: p.placeOfBirth,
  nationality: p.nationality,
  address: p.address,
  postalCode: p.postalCode,
  city: p.city,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await getSelectedProfile(context.get(userContext));
  const own = ctx.profiles.find((p) => p.isSelf) ?? ctx.profile;
  const url = new URL(request.url);
  const methods = await signInMethods(ctx.user.id);
  const pending = await pendingDeletionRequest(ctx.user.id);
  const google = url.searchParams.get("google");
  const portraits = await portraitsOf(ctx.profiles.map((p) => p.id));
  return {
    email: ctx.user.email,
    own: {
      prenom: own.prenom,
      nom: own.nom,
      phone: own.phone,
      dateOfBirth: own.dateOfBirth ?? "",
      sex: own.sex ?? "",
      emergencyContact: own.emergencyContact,
      ...licenceIdentity(own),
    },
    family: ctx.profiles
      .filter((p) => !p.isSelf)
      .map((p) => ({
        id: p.id,
        prenom: p.prenom,
        nom: p.nom,
        dateOfBirth: p.dateOfBirth ?? "",
        sex: p.sex ?? "",
        relationship: p.relationship,
        authorisedPickup: p.authorisedPickup,
        ...licenceIdentity(p),
      })),
    // The portrait of each profile, own first.
    portraits: ctx.profiles.map((p) => {
      const portrait = portraits.get(p.id);
      return {
        id: p.id,
        prenom: p.prenom,
        nom: p.nom,
        isSelf: p.isSelf,
        mediaId: portrait?.mediaId ?? null,
        consentGivenAt: portrait ? portrait.consentGivenAt.toISOString() : null,
        consentGivenByName: portrait?.consentGivenByName ?? "",
      };
    }),
    editId: positiveId(url.searchParams.get("modifier")),
    removeId: positiveId(url.searchParams.get("retirer")),
    confirmDeletion: url.searchParams.get("suppression") === "confirmer",
    methods,
    googleNotice: google === "associe" ? ("linked" as const) : google === "erreur" ? ("error" as const) : null,
    pendingDeletion: pending ? parisDate(pending.requestedAt) : null,
    submissionToken: newSubmissionToken(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await getSelectedProfile(context.get(userContext));
  // Only the portrait form sends a file: its body may be larger.
  const upload = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  if (upload) {
    const tooLarge = await portraitTooLarge(request);
    if (tooLarge) return tooLarge;
  }
  const form = await readForm(request, upload ? { limit: UPLOAD_BODY_LIMIT } : {});
  return runProfileIntent({ request, form, ctx });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const {
    email,
    own,
    family,
    portraits,
    editId,
    removeId,
    confirmDeletion,
    methods,
    googleNotice,
    pendingDeletion,
    submissionToken,
  } = loaderData;
  const answer = actionData as ProfileAnswer | undefined;
  return (
    <div className="max-w-4xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Mon profil</h1>
      <p className="mb-8 text-slate-700">
        Vos informations, les profils de votre famille, vos moyens de connexion et vos données personnelles.
      </p>
      <InfoSection own={own} answer={answer} />
      <FamilySection family={family} editId={editId} removeId={removeId} answer={answer} />
      <PortraitSection people={portraits} answer={answer} />
      <EmailSection email={email} answer={answer} />
      <PasswordSection hasPassword={methods.hasPassword} answer={answer} />
      <GoogleSection email={email} methods={methods} googleNotice={googleNotice} answer={answer} />
      <DataSection
        confirmDeletion={confirmDeletion}
        pendingDeletion={pendingDeletion}
        answer={answer}
        submissionToken={submissionToken}
      />
    </div>
  );
}
