import { Link } from "react-router";
import type { Route } from "./+types/account-deleted";
import { pageMeta } from "~/lib/http/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Compte supprimé",
    description: "Confirmation de la suppression de votre compte et de vos données personnelles.",
    noindex: true,
  });

export default function AccountDeleted() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-4 text-3xl font-bold text-club-900">Votre compte a été supprimé</h1>
      <p className="mb-4 text-slate-800">
        Votre compte, vos profils, votre historique de grades et vos révisions ont été effacés, et vous avez été
        déconnecté. Merci d'avoir fait partie du club.
      </p>
      <p className="text-slate-800">
        <Link to="/" className="font-semibold text-club-800 underline hover:text-club-900">
          Revenir à l'accueil
        </Link>
      </p>
    </div>
  );
}
