/**
 * Home's sections under the hero, and the hero: written once per
 * request on the server (`renderServerHtml`), kept as is by the browser (`ServerHtml`), which
 * never loads this code (a `.server` module).
 *
 * Rules: nothing here reacts to the visitor (no state, no effect, no handler); links are
 * `SiteLink`s, given to React Router by the block's click handler; icons come from the sprite.
 */
import { HomeHero } from "~/components/home/hero";
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";
import { trialText, type HomeView } from "~/lib/content/home-page.server";
import type { WriteLinks } from "~/lib/content/write-links";
import { telHref } from "~/lib/core/phone";

const sectionTitle = "text-2xl font-bold text-club-900 sm:text-3xl";
const cardLink = "font-semibold text-club-700 underline underline-offset-2 hover:text-club-900";

export function HomeContent({
  identity,
  venue,
  days,
  trialClasses,
  federation,
  events,
  articles,
  write,
}: HomeView & { write: WriteLinks }) {
  const reasons = [
    {
      icon: "swords" as const,
      title: "Un art martial complet",
      text: "Coups de poing et de pied, ciseaux de jambes, projections, formes et, plus tard, armes traditionnelles : chaque cours fait travailler tout le corps.",
    },
    {
      icon: "shield-check" as const,
      title: "Une self-défense concrète",
      text: "Se dégager d'une saisie, garder son calme, éviter le conflit : des réflexes utiles au quotidien, appris progressivement et en sécurité.",
    },
    {
      icon: "users" as const,
      title: "À chaque âge son cours",
      text: "Des cours séparés pour les enfants, les adolescents et les adultes, débutants bienvenus : chacun progresse à son rythme, ceinture après ceinture.",
    },
    {
      icon: "heart-handshake" as const,
      title: "Un club associatif",
      text: federation
        ? `Une association de bénévoles affiliée à la ${federation}, où l'on vient autant pour l'entraide et la bonne humeur que pour le sport.`
        : "Une association de bénévoles où l'on vient autant pour l'entraide et la bonne humeur que pour le sport.",
    },
  ];

  return (
    <>
      <HomeHero clubName={identity.clubName} city={identity.city} trialText={trialText(trialClasses)} />

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-14 sm:py-16">
        <section aria-labelledby="art-titre" className="grid gap-8 md:grid-cols-5 md:items-center">
          <div className="md:col-span-3">
            <h2 id="art-titre" className={sectionTitle}>
              Le Vovinam Viet Vo Dao, qu'est-ce que c'est ?
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Un art martial vietnamien fondé à la fin des années 1930 par le Grand Maître{" "}
              <span lang="vi">Nguyễn Lộc</span>. Son nom dit l'essentiel : « Vo » pour l'art martial, « Vi(e)nam » pour
              le Vietnam, et « Viet Vo Dao », la voie des arts martiaux vietnamiens.
            </p>
            <p className="mt-3 leading-relaxed text-slate-700">
              On y apprend à frapper, à se défendre, à chuter et à projeter, avec ses fameux ciseaux de jambes. On y
              apprend aussi une manière d'être : la devise de l'école est « Être fort pour être utile ».
            </p>
            <p className="mt-4">
              <SiteLink to="/le-vovinam-viet-vo-dao/presentation" className={cardLink}>
                Découvrir le Vovinam Viet Vo Dao
              </SiteLink>
            </p>
          </div>
          <figure className="rounded-xl bg-club-50 p-6 md:col-span-2">
            <blockquote className="text-xl font-semibold text-club-900">« Être fort pour être utile »</blockquote>
            <figcaption className="mt-2 text-slate-700">
              La devise du Vovinam Viet Vo Dao. Le salut, main droite sur le cœur, unit « la main d'acier » et « le cœur
              de bonté ».{" "}
              <SiteLink to="/le-vovinam-viet-vo-dao/philosophie" className={cardLink}>
                La philosophie de l'école
              </SiteLink>
            </figcaption>
          </figure>
        </section>

        <section aria-labelledby="pourquoi-titre">
          <h2 id="pourquoi-titre" className={sectionTitle}>
            Pourquoi nous rejoindre ?
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map(({ icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 p-5 shadow-sm">
                <Icon name={icon} className="h-8 w-8 text-club-700" />
                <h3 className="mt-3 text-lg font-semibold text-club-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-12 lg:grid-cols-2">
          <section aria-labelledby="evenements-titre">
            <h2 id="evenements-titre" className={`flex items-center gap-2 ${sectionTitle}`}>
              <Icon name="calendar-days" className="h-7 w-7 text-club-700" />
              Prochains événements
            </h2>
            {events.length > 0 ? (
              <ul className="mt-6 space-y-4" data-testid="home-events">
                {events.map((e) => (
                  <li key={e.id} className="rounded-lg border-l-4 border-club-600 bg-slate-50 p-4">
                    <h3 className="font-semibold text-club-900">{e.title}</h3>
                    <p className="mt-1 text-slate-700">
                      <time dateTime={e.startsAt}>{e.when}</time>
                      {e.place ? <span> · {e.place}</span> : null}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-6 rounded-lg bg-slate-50 p-4 text-slate-700" data-testid="home-events-empty">
                Aucun événement n'est annoncé pour le moment. Les stages, passages de grades et autres rendez-vous du
                club paraîtront ici.
              </p>
            )}
            {events.length === 0 && write.event ? (
              <p className="mt-4">
                <SiteLink to={write.event} className={cardLink}>
                  Annoncer un événement
                </SiteLink>
              </p>
            ) : null}
            <p className="mt-4">
              <SiteLink to="/la-vie-du-club/calendrier" className={cardLink}>
                Tout le calendrier du club
              </SiteLink>
            </p>
          </section>

          <section aria-labelledby="actualites-titre">
            <h2 id="actualites-titre" className={`flex items-center gap-2 ${sectionTitle}`}>
              <Icon name="newspaper" className="h-7 w-7 text-club-700" />
              Dernières actualités
            </h2>
            {articles.length > 0 ? (
              <ul className="mt-6 space-y-4" data-testid="home-articles">
                {articles.map((a) => (
                  <li key={a.id} className="rounded-lg border border-slate-200 p-4">
                    <h3 className="font-semibold">
                      <SiteLink to={a.path} className="text-club-800 underline-offset-2 hover:underline">
                        {a.title}
                      </SiteLink>
                    </h3>
                    {a.date ? (
                      <p className="mt-1 text-sm text-slate-600">
                        Publié le <time dateTime={a.publishedAt}>{a.date}</time>
                      </p>
                    ) : null}
                    {a.summary ? <p className="mt-2 text-slate-700">{a.summary}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-6 rounded-lg bg-slate-50 p-4 text-slate-700" data-testid="home-articles-empty">
                Pas encore d'actualité publiée. Les nouvelles du club (stages, passages de grades, démonstrations)
                paraîtront ici.
              </p>
            )}
            {articles.length === 0 && write.article ? (
              <p className="mt-4">
                <SiteLink to={write.article} className={cardLink}>
                  Écrire le premier article
                </SiteLink>
              </p>
            ) : null}
            <p className="mt-4">
              <SiteLink to="/la-vie-du-club/actualites" className={cardLink}>
                Toutes les actualités
              </SiteLink>
            </p>
          </section>
        </div>

        <div className="grid gap-12 lg:grid-cols-2">
          <section aria-labelledby="horaires-titre">
            <h2 id="horaires-titre" className={sectionTitle}>
              Les cours de la semaine
            </h2>
            {days.length > 0 ? (
              <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
                {days.map((d) => (
                  <div key={d.day} className="grid gap-1 p-4 sm:grid-cols-3">
                    <dt className="font-semibold capitalize text-club-900">{d.name}</dt>
                    <dd className="sm:col-span-2">
                      <ul className="space-y-1">
                        {d.slots.map((s) => (
                          <li key={s.id} className="text-slate-700">
                            <span className="font-medium text-slate-900">{s.hours}</span> : {s.group}
                            {s.level && s.level !== "Tous niveaux" ? ` (${s.level.toLowerCase()})` : ""}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-6 text-slate-700">Les horaires de la saison seront bientôt publiés.</p>
            )}
            <p className="mt-4">
              <SiteLink to="/tarifs-horaires" className={cardLink}>
                Horaires détaillés et tarifs
              </SiteLink>
            </p>
          </section>

          <section aria-labelledby="acces-titre">
            <h2 id="acces-titre" className={`flex items-center gap-2 ${sectionTitle}`}>
              <Icon name="map-pin" className="h-7 w-7 text-club-700" />
              Où nous trouver ?
            </h2>
            {/* Only what the club entered. */}
            <address className="mt-6 rounded-lg bg-club-50 p-5 not-italic text-slate-800">
              {venue.length > 0 ? (
                venue.map((line, i) =>
                  i === 0 ? (
                    <strong key={line} className="block text-lg text-club-900">
                      {line}
                    </strong>
                  ) : (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ),
                )
              ) : (
                <span className="block">L'adresse des cours sera bientôt publiée.</span>
              )}
              {identity.phone ? (
                <span className="block">
                  Téléphone :{" "}
                  <a href={telHref(identity.phone)} className={cardLink}>
                    {identity.phone}
                  </a>
                </span>
              ) : null}
              {identity.email ? (
                <span className="block">
                  E-mail :{" "}
                  <a href={`mailto:${identity.email}`} className={cardLink}>
                    {identity.email}
                  </a>
                </span>
              ) : null}
            </address>
            {identity.transport.length > 0 ? <p className="mt-4 text-slate-700">{identity.transport[0]}.</p> : null}
            <p className="mt-4">
              <SiteLink to="/adresse-acces" className={cardLink}>
                Plan, transports et stationnement
              </SiteLink>
            </p>
          </section>
        </div>

        <section aria-labelledby="essai-titre" className="rounded-2xl bg-club-800 px-6 py-10 text-center text-white">
          <h2 id="essai-titre" className="text-2xl font-bold sm:text-3xl">
            Envie d'essayer ?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-club-50">
            {trialText(trialClasses)} Prévoyez une tenue de sport souple et une bouteille d'eau ; choisissez le cours
            qui vous convient et réservez votre essai en ligne.
          </p>
          <p className="mt-6 flex flex-wrap justify-center gap-4">
            <SiteLink
              to="/cours-d-essai"
              className="rounded-lg bg-belt-yellow px-5 py-3 font-semibold text-slate-900 hover:bg-yellow-300"
            >
              Réserver un cours d'essai
            </SiteLink>
            <SiteLink
              to="/tarifs-horaires"
              className="rounded-lg border-2 border-white px-5 py-3 font-semibold text-white hover:bg-club-700"
            >
              Voir les horaires et tarifs
            </SiteLink>
          </p>
        </section>
      </div>
    </>
  );
}
