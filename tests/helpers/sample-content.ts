/**
 * Sample news and events for the tests that need a club with content (the site seeds none:
 * app/lib/core/seed/content.server.ts). A test that reads the news list, the
 * calendar, the feed or home's blocks calls `publishSampleContent()` (the browser tests through
 * tests/e2e/seed-content.ts, before the server starts) and asserts on these titles.
 *
 * Rules: dates are computed from `now`, each agrees with its weekday (written with its year) and
 * no event other than the closure falls inside the Christmas closure. Five published articles,
 * the Téléthon announcement the newest; events: a stage, the Téléthon demonstration, the
 * Christmas closure (all day, it cancels the classes) and a members-only general assembly.
 */
import { articles, events } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { addDays, formatLongDate, isoWeekday, parisDate, parisTime } from "~/lib/core/time";
import { allDayRange } from "~/lib/content/events.server";
import { slugify } from "~/lib/content/articles.server";

export const SAMPLE = {
  newestArticle: "Téléthon : le club fait une démonstration",
  stage: "Stage technique : ciseaux et self-défense",
  telethon: "Démonstration au profit du Téléthon",
  closure: "Fermeture du club pendant les vacances de Noël",
  membersOnly: "Assemblée générale de l'association",
} as const;

/** The first day >= `day` that falls on `weekday` (1 = lundi … 7 = dimanche). */
function onOrAfter(day: string, weekday: number): string {
  return addDays(day, (weekday - isoWeekday(day) + 7) % 7);
}

/** The Christmas closure not over yet: the Saturday on or after 14 December to the first Sunday of January. */
function christmasClosure(today: string): { first: string; last: string } {
  for (let year = Number(today.slice(0, 4)) - 1; ; year++) {
    const last = onOrAfter(`${year + 1}-01-01`, 7);
    if (last >= today) return { first: onOrAfter(`${year}-12-14`, 6), last };
  }
}

/** The first Saturday of the coming weeks that is not inside the closure. */
function saturdayOutside(from: string, closure: { first: string; last: string }): string {
  const day = onOrAfter(from, 6);
  return day >= closure.first && day <= closure.last ? onOrAfter(addDays(closure.last, 1), 6) : day;
}

export async function publishSampleContent(now: Date = new Date()): Promise<void> {
  const today = parisDate(now);
  const closure = christmasClosure(today);
  const telethon = saturdayOutside(addDays(today, 21), closure);
  const stage = saturdayOutside(addDays(today, 14), closure);
  const assembly = onOrAfter(addDays(today, 40), 5);
  const news = [
    { title: "Passage de grades : bravo à tous les candidats !", daysAgo: 60 },
    { title: "Reprise des cours", daysAgo: 50 },
    { title: "Forum des associations : merci de votre visite !", daysAgo: 40 },
    { title: "Stage régional : une journée de technique et de partage", daysAgo: 20 },
    {
      title: SAMPLE.newestArticle,
      daysAgo: 6,
      body: `<p>Le ${formatLongDate(telethon)}, de 10 h à 12 h, les pratiquants présentent le Vovinam Viet Vo Dao au profit du Téléthon.</p>`,
    },
  ];
  await db.insert(articles).values(
    news.map((n) => ({
      slug: slugify(n.title),
      title: n.title,
      summary: `Résumé de l'article « ${n.title} ».`,
      body: n.body ?? `<p>Texte de l'article « ${n.title} ».</p><p>Un deuxième paragraphe.</p>`,
      status: "publie",
      publishedAt: parisTime(addDays(today, -n.daysAgo), "18:00"),
    })),
  );
  await db.insert(events).values([
    {
      title: SAMPLE.stage,
      description: "Stage ouvert aux pratiquants à partir de la ceinture bleue.",
      startsAt: parisTime(stage, "14:00"),
      endsAt: parisTime(stage, "17:00"),
      place: "Dojo",
      category: "stage",
    },
    {
      title: SAMPLE.telethon,
      description: "Techniques de base, quyền, self-défense. Entrée libre.",
      startsAt: parisTime(telethon, "10:00"),
      endsAt: parisTime(telethon, "12:00"),
      place: "Hall d'entrée",
      category: "demonstration",
    },
    {
      title: SAMPLE.closure,
      description: "Pas de cours pendant les vacances scolaires de fin d'année.",
      ...allDayRange(closure.first, closure.last),
      allDay: true,
      category: "fermeture",
    },
    {
      title: SAMPLE.membersOnly,
      description: "Bilan de la saison, élection du bureau.",
      startsAt: parisTime(assembly, "19:30"),
      endsAt: parisTime(assembly, "21:30"),
      place: "Salle de réunion",
      category: "autre",
      membersOnly: true,
    },
  ]);
}
