/**
 * /espace-membre: a pré-inscrit sees only the status of their registration
 * and what to bring; members see a greeting and the pages their roles allow.
 * (The member-area issue enriches the members' home.)
 */
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { userContext } from "~/lib/auth-context";
import { memberPagesFor } from "~/lib/member-nav";
import { hasAnyRole, MEMBER_ROLES } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Espace membre",
    description: "Votre espace personnel au club : inscription, profil, grades et révisions.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const member = hasAnyRole(user.roles, MEMBER_ROLES);
  return {
    prenom: user.prenom,
    member,
    pages: member ? memberPagesFor(user.roles).filter((p) => p.to !== "/espace-membre") : [],
  };
}

export default function MemberHome({ loaderData }: Route.ComponentProps) {
  const { prenom, member, pages } = loaderData;
  if (!member) return <RegistrationStatus prenom={prenom} />;
  return (
    <div>
      <h1 className="text-3xl font-bold text-club-900">Bonjour {prenom}</h1>
      <p className="mt-2 text-slate-700">Bienvenue dans votre espace membre.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {pages.map((p) => (
          <li key={p.to}>
            <Link
              to={p.to}
              className="block h-full rounded-lg border border-slate-200 p-4 shadow-sm hover:border-club-600 hover:bg-club-50 focus-visible:outline-2 focus-visible:outline-club-700"
            >
              <span className="block font-semibold text-club-900">{p.label}</span>
              <span className="mt-1 block text-sm text-slate-700">{p.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RegistrationStatus({ prenom }: { prenom: string }) {
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
      <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-800">
        <li>la fiche d'inscription remplie et signée ;</li>
        <li>
          un certificat médical de non contre-indication à la pratique du Vovinam Viet Vo Dao, ou l'attestation du
          questionnaire de santé quand il suffit ;
        </li>
        <li>la cotisation de la saison.</li>
      </ul>
      <p className="mt-6">
        <Link to="/inscription-documents" className="font-semibold text-club-700 underline hover:text-club-900">
          Télécharger les documents d'inscription
        </Link>
      </p>
    </div>
  );
}
