import { href, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ADMIN_UPLOAD_PAGES, DeliveryBadge, SETTINGS_PAGES } from "~/components/admin-nav";
import { formatDate, formatDateTime } from "~/lib/core/time";
import { buttonClasses } from "~/components/ui/button";
import { dashboardData } from "~/lib/content/dashboard.server";
import { pageMeta } from "~/lib/http/seo";
import { SettingsToFill } from "~/components/dashboard/settings-to-fill";
import { settingsToFill } from "~/lib/club/settings-to-fill.server";
import { AudienceChart } from "~/components/audience-chart";
import { audienceSummary } from "~/lib/club/audience.server";
import { TrialConversion } from "~/components/dashboard/trial-conversion";
import { trialConversion } from "~/lib/members/trial-board.server";
import { SeasonCounts } from "~/components/dashboard/season-counts";
import { seasonDashboardCounts } from "~/lib/members/season-overview.server";
import { Icon } from "~/components/ui/icon";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gestion du contenu",
    description: "Tableau de bord de l’administration du site du club : contenus, messages et réglages.",
    noindex: true,
  });

export async function loader() {
  const [base, toFill, audience, trials, season] = await Promise.all([
    dashboardData(),
    settingsToFill(),
    audienceSummary(),
    trialConversion(),
    seasonDashboardCounts(),
  ]);
  return { ...base, toFill, audience, trials, season };
}

const linkClass = "font-medium text-club-800 underline hover:text-club-950";

function Card({
  id,
  title,
  icon,
  summary,
  children,
  actions,
}: {
  id: string;
  title: string;
  icon: React.ReactNode;
  summary: React.ReactNode;
  children?: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <span aria-hidden="true" className="text-club-700">
          {icon}
        </span>
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{summary}</p>
      {children ? <div className="mt-3 flex-1">{children}</div> : <div className="flex-1" />}
      <div className="mt-4 flex flex-wrap items-center gap-3">{actions}</div>
    </section>
  );
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n > 1 ? many : one}`;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Gestion du contenu</h1>
        <p className="mt-2 text-slate-700">
          Tout ce que montre le site public se modifie ici : actualités, calendrier, vidéos de révision, informations
          pratiques du club, documents et images.
        </p>
      </div>

      <SettingsToFill items={d.toFill} />

      <SeasonCounts counts={d.season} />

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Card
          id="articles"
          title="Actualités"
          icon={<Icon name="newspaper" className="h-6 w-6" />}
          summary={`${plural(d.articles.total, "article", "articles")}, dont ${plural(d.articles.published, "publié", "publiés")} et ${plural(d.articles.drafts, "brouillon", "brouillons")}.`}
          actions={
            <>
              <Link to={href("/espace-membre/articles")} className={linkClass}>
                Gérer les articles
              </Link>
              <Link to={href("/espace-membre/articles/ajouter")} className={buttonClasses({ size: "sm" })}>
                Écrire un article
              </Link>
            </>
          }
        >
          {d.articles.latest.length ? (
            <ul className="space-y-1">
              {d.articles.latest.map((a) => (
                <li key={a.id}>
                  <Link to={href("/espace-membre/articles/modifier/:id", { id: String(a.id) })} className={linkClass}>
                    {a.title}
                  </Link>{" "}
                  <span className="text-sm text-slate-700">
                    — {a.statusLabel}, modifié le {formatDate(a.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>

        <Card
          id="events"
          title="Événements"
          icon={<Icon name="calendar-days" className="h-6 w-6" />}
          summary={`${plural(d.events.total, "événement", "événements")}, dont ${plural(d.events.upcoming, "à venir", "à venir")}.`}
          actions={
            <>
              <Link to={href("/espace-membre/evenements")} className={linkClass}>
                Gérer les événements
              </Link>
              <Link to={href("/espace-membre/evenements/ajouter")} className={buttonClasses({ size: "sm" })}>
                Ajouter un événement
              </Link>
            </>
          }
        >
          {d.events.next.length ? (
            <ul className="space-y-1">
              {d.events.next.map((e) => (
                <li key={e.id}>
                  <Link to={href("/espace-membre/evenements/modifier/:id", { id: String(e.id) })} className={linkClass}>
                    {e.title}
                  </Link>{" "}
                  <span className="text-sm text-slate-700">
                    — {e.allDay ? formatDate(e.startsAt) : formatDateTime(e.startsAt)}
                    {e.membersOnly ? ", réservé aux membres" : ""}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>

        <Card
          id="videos"
          title="Vidéos de révision"
          icon={<Icon name="video" className="h-6 w-6" />}
          summary={plural(d.videos.total, "vidéo classée par grade.", "vidéos classées par grade.")}
          actions={
            <Link to={href("/espace-membre/videos")} className={buttonClasses({ size: "sm" })}>
              Gérer les vidéos
            </Link>
          }
        >
          {d.videos.latest.length ? (
            <ul className="space-y-1">
              {d.videos.latest.map((v) => (
                <li key={v.id}>
                  <Link to={`${href("/espace-membre/videos")}?modifier=${v.id}#video-form-title`} className={linkClass}>
                    {v.title}
                  </Link>{" "}
                  <span className="text-sm text-slate-700">— {v.categoryLabel}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>

        <Card
          id="messages"
          title="Messages de contact"
          icon={<Icon name="mail" className="h-6 w-6" />}
          summary={
            <>
              {plural(d.messages.total, "message", "messages")}, dont {d.messages.unanswered} sans réponse.
              {d.messages.failed ? (
                <strong className="text-red-800">
                  {" "}
                  {plural(d.messages.failed, "e-mail en échec", "e-mails en échec")}.
                </strong>
              ) : null}
            </>
          }
          actions={
            <Link to={href("/espace-membre/contenu/messages")} className={buttonClasses({ size: "sm" })}>
              Lire les messages
            </Link>
          }
        >
          {d.messages.latest.length ? (
            <ul className="space-y-2">
              {d.messages.latest.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`${href("/espace-membre/contenu/messages")}?message=${m.id}#message-detail`}
                    className={linkClass}
                  >
                    {m.subject} — {m.name}
                  </Link>
                  <span className="block text-sm text-slate-700">
                    {formatDateTime(m.createdAt)} · <DeliveryBadge status={m.delivery} label={m.deliveryLabel} />
                    {m.answeredAt ? " · Répondu" : ""}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>

        <Card
          id="users"
          title="Utilisateurs"
          icon={<Icon name="users" className="h-6 w-6" />}
          summary="Comptes, rôles, cotisations et certificats médicaux des membres."
          actions={
            <Link to={href("/espace-membre/utilisateurs")} className={buttonClasses({ size: "sm" })}>
              Gérer les utilisateurs
            </Link>
          }
        />

        <Card
          id="todo"
          title="À faire"
          icon={<Icon name="clipboard-list" className="h-6 w-6" />}
          summary="La liste des tâches des responsables du club."
          actions={
            <Link to={href("/espace-membre/todo")} className={buttonClasses({ size: "sm" })}>
              Voir les tâches
            </Link>
          }
        />
      </div>

      <AudienceChart data={d.audience} />

      <TrialConversion months={d.trials} />

      <section aria-labelledby="settings-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="settings-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Icon name="settings" className="h-6 w-6 text-club-700" />
          Réglages du club
        </h2>
        <p className="mt-1 text-slate-700">Les informations pratiques affichées sur le site public.</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {SETTINGS_PAGES.map((p) => (
            <li key={p.to}>
              <Link to={p.to} className={linkClass}>
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
        <h3 className="mt-5 flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon name="file-text" className="h-5 w-5 text-club-700" />
          Documents et images
        </h3>
        <p className="mt-1 text-slate-700">
          {plural(d.documents, "document d’inscription", "documents d’inscription")},{" "}
          {plural(d.comics, "planche de BD", "planches de BD")}.
        </p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {ADMIN_UPLOAD_PAGES.map((p) => (
            <li key={p.to}>
              <Link to={p.to} className={linkClass}>
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
