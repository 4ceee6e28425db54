/**
 * /espace-membre: a pré-inscrit sees only the status of their registration
 * and what to bring (the cotisation only while it is not paid, with what is
 * left when a payment failed: issue 56); members see a greeting, the selected profile's status
 * for the current season, the next events (members-only ones included), their
 * personal calendar feed and the pages their roles allow, grouped by area as the member
 * navigation (« Mes pages », components/member-home/my-pages.tsx, from the roles alone).
 */
import { gradeBelt } from "~/lib/members/belt-colours";
import { href, Link } from "react-router";
import type { Route } from "./+types/home";
import { Belt } from "~/components/belt";
import { ProfileSelector } from "~/components/profile-selector";
import { userContext } from "~/lib/accounts/auth-context";
import { getOrCreateCalendarToken, memberCalendarPath } from "~/lib/accounts/calendar-tokens.server";
import { capitalize, formatDate, formatEventWhen } from "~/lib/core/time";
import { env } from "~/lib/core/env.server";
import { categoryLabel } from "~/lib/content/events.server";
import { upcomingEvents } from "~/lib/content/public-reads.server";
import { can } from "~/lib/accounts/capabilities";
import { MyPages } from "~/components/member-home/my-pages";
import { getProfileStatus, HEALTH_DOCUMENT_LABELS, PAYMENT_MEANS_LABELS } from "~/lib/members/profile-status.server";
import { getSelectedProfile, profileName, selectorData } from "~/lib/members/profiles.server";
import { pageMeta } from "~/lib/http/seo";
import { Icon } from "~/components/ui/icon";
import { formatEuros } from "~/lib/core/money";
import { getCampaign } from "~/lib/members/family-registration.server";
import type { PaymentSituation } from "~/lib/members/payment-schedule";
import { familyMoney } from "~/lib/members/registration-settlement.server";
import { de } from "~/lib/typography/elision";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Espace membre",
    description: "Votre espace personnel au club : inscription, profil, grades et révisions.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const member = can(user, "member-content:read");
  const money = await familyMoney(user.id, (await getCampaign()).season);
  const payment = money
    ? { situation: money.situation, restCents: money.restCents, scheduledCents: money.scheduledCents }
    : null;
  // The profile page (RGPD export and deletion) as soon as this account may edit its profile.
  if (!member) return { prenom: user.prenom, member: false as const, profileLink: can(user, "profile:edit"), payment };

  // Independent reads side by side (on PostgreSQL they run at once; PGlite takes them in turn).
  const [ctx, upcoming, token] = await Promise.all([
    getSelectedProfile(user),
    upcomingEvents(5, true), // every member sees the same: kept until a write or the first one's end
    getOrCreateCalendarToken(user.id),
  ]);
  const status = await getProfileStatus(ctx.profile.id);
  const feedPath = memberCalendarPath(token);
  const base = env().BASE_URL.replace(/\/+$/, "");
  return {
    prenom: user.prenom,
    member: true as const,
    payment,
    // « Mes pages »: the component derives the cards from the roles (the permission table is code).
    roles: user.roles,
    selector: selectorData(ctx),
    profile: { name: profileName(ctx.profile), isSelf: ctx.profile.isSelf },
    status: {
      season: status.season,
      cotisation: {
        paid: status.cotisation.paid,
        paidOn: status.cotisation.paidOn,
        means: status.cotisation.means ? (PAYMENT_MEANS_LABELS[status.cotisation.means] ?? null) : null,
      },
      health: {
        label: status.health.kind ? HEALTH_DOCUMENT_LABELS[status.health.kind] : null,
        receivedOn: status.health.receivedOn,
        validUntil: status.health.validUntil,
        valid: status.health.valid,
      },
      currentGrade: status.currentGrade ? gradeBelt(status.currentGrade) : null,
      currentGradeAwardedOn: status.currentGradeAwardedOn,
      nextGrade: status.nextGrade ? gradeBelt(status.nextGrade) : null,
    },
    events: upcoming.map((e) => ({
      key: e.key,
      title: e.title,
      when: capitalize(formatEventWhen(e)),
      place: e.place,
      category: categoryLabel(e.category),
      membersOnly: e.membersOnly,
    })),
    feed: { https: `${base}${feedPath}`, webcal: `${base.replace(/^https?:/, "webcal:")}${feedPath}` },
  };
}

function StatusLine({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon
        name={ok ? "circle-check" : "circle-alert"}
        className={`mt-0.5 h-5 w-5 shrink-0 ${ok ? "text-green-700" : "text-amber-700"}`}
      />
      <span>{children}</span>
    </li>
  );
}

export default function MemberHome({ loaderData }: Route.ComponentProps) {
  if (!loaderData.member)
    return (
      <RegistrationStatus
        prenom={loaderData.prenom}
        profileLink={loaderData.profileLink}
        payment={loaderData.payment}
      />
    );
  const { prenom, roles, selector, profile, status, events, feed, payment } = loaderData;
  const who = profile.isSelf ? "Votre situation" : `La situation ${de(profile.name)}`;
  return (
    <div>
      <h1 className="text-3xl font-bold text-club-900">Bonjour {prenom}</h1>
      <p className="mt-2 mb-6 text-slate-700">Bienvenue dans votre espace membre.</p>
      <ProfileSelector profiles={selector.profiles} selectedId={selector.selectedId} />
      {payment && payment.situation === "incomplet" ? (
        <p role="status" className="mb-6 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-slate-900">
          Paiement incomplet : il reste {formatEuros(payment.restCents)} à régler pour l'inscription de la famille.{" "}
          <Link to={PAYMENT_PATH} className="font-semibold text-club-800 underline hover:text-club-900">
            Voir l'échéancier et régler le reste
          </Link>
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="situation" className="rounded-lg border border-slate-200 p-5">
          <h2 id="situation" className="mb-3 text-xl font-semibold text-club-900">
            {who} pour la saison {status.season}
          </h2>
          <ul className="space-y-2 text-slate-800" data-testid="season-status">
            <StatusLine ok={status.cotisation.paid}>
              {status.cotisation.paid
                ? `Cotisation réglée le ${formatDate(status.cotisation.paidOn)}${status.cotisation.means ? ` (${status.cotisation.means})` : ""}.`
                : "Cotisation non enregistrée pour cette saison."}
            </StatusLine>
            <StatusLine ok={status.health.valid}>
              {status.health.receivedOn
                ? `${status.health.label ?? "Document de santé"} reçu le ${formatDate(status.health.receivedOn)}${
                    status.health.validUntil
                      ? status.health.valid
                        ? `, valable jusqu'au ${formatDate(status.health.validUntil)}`
                        : `, expiré depuis le ${formatDate(status.health.validUntil)}`
                      : ""
                  }.`
                : "Certificat médical ou attestation du questionnaire de santé non reçu."}
            </StatusLine>
          </ul>
          <h3 className="mt-5 mb-2 font-semibold text-club-900">Grade</h3>
          {status.currentGrade ? (
            <div className="flex flex-wrap items-center gap-3">
              <Belt {...status.currentGrade} className="h-auto w-32 max-w-full" />
              <p>
                <span lang="vi">{status.currentGrade.vietnameseName}</span> · {status.currentGrade.frenchName}
                {status.currentGradeAwardedOn ? ` (depuis le ${formatDate(status.currentGradeAwardedOn)})` : ""}
              </p>
            </div>
          ) : (
            <p>Aucun grade enregistré pour l'instant.</p>
          )}
          {status.nextGrade ? (
            <p className="mt-2 text-slate-700">
              Prochain grade : <span lang="vi">{status.nextGrade.vietnameseName}</span> · {status.nextGrade.frenchName}.{" "}
              <Link
                to={href("/espace-membre/revision")}
                className="font-semibold text-club-800 underline hover:text-club-900"
              >
                Réviser son programme
              </Link>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="agenda" className="rounded-lg border border-slate-200 p-5">
          <h2 id="agenda" className="mb-3 text-xl font-semibold text-club-900">
            Prochains rendez-vous
          </h2>
          {events.length ? (
            <ul className="space-y-3">
              {events.map((e) => (
                <li key={e.key}>
                  <p className="font-semibold text-slate-900">
                    {e.title}
                    {e.membersOnly ? (
                      <span className="ml-2 inline-block rounded-full bg-club-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-club-900">
                        Réservé aux membres
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-700">
                    {e.when}
                    {e.place ? ` · ${e.place}` : ""} · {e.category}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">Aucun événement prévu pour le moment.</p>
          )}
          <p className="mt-4">
            <Link to="/la-vie-du-club/calendrier" className="font-semibold text-club-800 underline hover:text-club-900">
              Voir tout le calendrier
            </Link>
          </p>
          <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
            <p className="flex items-center gap-2 font-semibold">
              <Icon name="calendar-days" className="h-4 w-4" />
              Mon agenda personnel
            </p>
            <p className="mt-1">
              Abonnez votre téléphone au calendrier du club, événements réservés aux membres compris :{" "}
              <a href={feed.webcal} className="font-semibold text-club-800 underline hover:text-club-900">
                s'abonner au calendrier
              </a>
              . Adresse à copier dans votre application d'agenda (gardez-la pour vous) :
            </p>
            <p className="mt-1 break-all font-mono text-xs">{feed.https}</p>
          </div>
        </section>
      </div>

      <MyPages roles={roles} />
    </div>
  );
}

const PROFILE_PATH = href("/espace-membre/profil");
const PAYMENT_PATH = href("/espace-membre/inscription/paiement");

type Payment = { situation: PaymentSituation; restCents: number; scheduledCents: number } | null;

/** The cotisation's line under « Ce qu'il faut apporter », or null once nothing is left to bring. */
function CotisationItem({ payment }: { payment: Payment }) {
  if (payment?.situation === "payee" || payment?.situation === "en-cours") return null;
  if (payment?.situation === "incomplet") {
    return (
      <li>
        le reste de la cotisation : {formatEuros(payment.restCents)} (une échéance n'a pas pu être encaissée ;{" "}
        <Link to={PAYMENT_PATH} className="font-semibold text-club-700 underline hover:text-club-900">
          voir l'échéancier
        </Link>
        ).
      </li>
    );
  }
  return <li>la cotisation de la saison, si vous ne la payez pas en ligne.</li>;
}

/** What the family's payment says, above the list of what to bring. */
function PaymentNote({ payment }: { payment: Payment }) {
  if (payment?.situation === "payee")
    return <p className="mt-4 text-slate-800">Votre cotisation de la saison est réglée : merci !</p>;
  if (payment?.situation === "en-cours")
    return (
      <p className="mt-4 text-slate-800">
        Votre cotisation est réglée en plusieurs fois : {formatEuros(payment.scheduledCents)} restent à prélever par
        HelloAsso aux dates prévues, vous n'avez rien à apporter.
      </p>
    );
  return null;
}

function RegistrationStatus({
  prenom,
  profileLink,
  payment,
}: {
  prenom: string;
  profileLink: boolean;
  payment: Payment;
}) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold text-club-900">Bonjour {prenom}</h1>
      <div role="status" className="mt-6 rounded-md border-l-4 border-club-600 bg-club-50 px-4 py-3 text-club-900">
        <p className="font-semibold">Votre inscription est en attente de validation.</p>
        <p className="mt-1">
          Votre compte est créé. Un responsable du club validera votre inscription dès que votre dossier sera complet ;
          vous aurez alors accès à tout l'espace membre.
        </p>
      </div>
      <h2 className="mt-8 text-xl font-bold text-club-900">Ce qu'il faut apporter au club</h2>
      <PaymentNote payment={payment} />
      <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-800">
        <li>la fiche d'inscription remplie et signée ;</li>
        <li>
          un certificat médical de non contre-indication à la pratique du Vovinam Viet Vo Dao, ou l'attestation du
          questionnaire de santé quand il suffit
          {payment?.situation === "payee" || payment?.situation === "en-cours" ? "." : " ;"}
        </li>
        <CotisationItem payment={payment} />
      </ul>
      <p className="mt-6">
        <Link to="/inscription-documents" className="font-semibold text-club-700 underline hover:text-club-900">
          Télécharger les documents d'inscription
        </Link>
      </p>
      {profileLink ? (
        <p className="mt-4">
          <Link to={PROFILE_PATH} className="font-semibold text-club-700 underline hover:text-club-900">
            Mon profil : mes informations, une copie de mes données, la suppression de mon compte
          </Link>
        </p>
      ) : null}
    </div>
  );
}
