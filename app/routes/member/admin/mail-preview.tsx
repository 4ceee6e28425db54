/**
 * « Aperçu des e-mails » (admins): every message the site sends, rendered by
 * its template with sample data and the club's own identity, so an admin
 * reads what a member receives.
 *
 * Rules:
 *  - Sample data only, marked « Exemple » on every message: never a member's
 *    data, nothing is sent.
 *  - The HTML version is shown in a sandboxed frame (srcdoc, no script, no
 *    same origin); the plain-text version as it leaves.
 */
import { href, Link } from "react-router";
import type { Route } from "./+types/mail-preview";
import { pageMeta } from "~/lib/http/seo";
import { mailClub } from "~/lib/mail/send.server";
import { renderMail } from "~/lib/mail/templates/layout";
import { MAIL_TEMPLATES } from "~/lib/mail/templates";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Aperçu des e-mails",
    description: "Les e-mails envoyés par le site, avec des données d'exemple.",
    noindex: true,
  });

export async function loader() {
  const club = await mailClub();
  return {
    messages: MAIL_TEMPLATES.map((t) => ({
      id: t.id,
      label: t.label,
      when: t.when,
      ...renderMail(t, t.sample, club),
    })),
  };
}

export default function MailPreview({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <p className="mb-2 text-sm">
          <Link to={href("/espace-membre/exploitation")} className="text-club-800 underline">
            Exploitation
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-club-900">Aperçu des e-mails</h1>
        <p className="mt-2 text-slate-700">
          Les {messages.length} e-mails que le site envoie, tels qu'ils partent : l'objet, la version mise en page et le
          texte seul. Les noms, adresses et montants sont des exemples ; le nom et les coordonnées du club sont ceux de
          vos réglages.
        </p>
      </header>
      <nav aria-labelledby="mail-list-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="mail-list-title" className="text-lg font-semibold text-slate-900">
          Les messages
        </h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {messages.map((m) => (
            <li key={m.id}>
              <a href={`#${m.id}`} className="text-club-800 underline">
                {m.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {messages.map((m) => (
        <section
          key={m.id}
          id={m.id}
          aria-labelledby={`${m.id}-title`}
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${m.id}-title`} className="text-xl font-semibold text-slate-900">
              {m.label}
            </h2>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Exemple</span>
          </div>
          <p className="text-slate-700">{m.when}</p>
          <p>
            <span className="font-semibold text-slate-900">Objet : </span>
            {m.subject}
          </p>
          <iframe
            title={`${m.label} : version mise en page (exemple)`}
            srcDoc={m.html}
            sandbox=""
            loading="lazy"
            className="h-96 w-full rounded border border-slate-300 bg-white"
          />
          <details>
            <summary className="cursor-pointer font-semibold text-club-800">Version texte</summary>
            <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-sm text-slate-800">
              {m.text}
            </pre>
          </details>
        </section>
      ))}
    </div>
  );
}
