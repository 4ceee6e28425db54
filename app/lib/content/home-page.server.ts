/**
 * Home's content: what it shows, read here, and written once on the
 * server by `HomeContent` (components/home/content.server.tsx); the browser keeps that markup
 * and loads none of its code.
 *
 * Rules: every text is final here (dates, hours, labels): the browser formats nothing on home.
 * Only public reads (lib/content/public-reads.server.ts) and the club's settings; a setting the
 * club has not entered is left out, of the page and of its JSON-LD.
 */
import { env } from "~/lib/core/env.server";
import { formatDate, formatEventWhen, formatTime, weekdayName } from "~/lib/core/time";
import { latestPublishedArticles, upcomingEvents } from "~/lib/content/public-reads.server";
import { getSetting } from "~/lib/club/settings.server";
import { clubDisplayName, venueLines } from "~/lib/club/identity";

const NUMBER_WORDS = ["zéro", "un", "deux", "trois", "quatre", "cinq"];

/** "Les deux premiers cours sont gratuits" and its variants. */
export function trialText(count: number): string {
  if (count <= 0) return "Venez assister à un cours pour découvrir le club avant de vous inscrire.";
  if (count === 1) return "Le premier cours est gratuit et sans engagement.";
  return `Les ${NUMBER_WORDS[count] ?? count} premiers cours sont gratuits et sans engagement.`;
}

/** Text of a <script type="application/ld+json">: "<" escaped so it can never close the tag. */
function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** What home shows: the club, the week's classes, the next events, the latest news. */
export async function homeView() {
  const [identity, schedule, membership, legal, upcoming, news] = await Promise.all([
    getSetting("identity"),
    getSetting("schedule"),
    getSetting("membership"),
    getSetting("legal"),
    upcomingEvents(3),
    latestPublishedArticles(3),
  ]);
  const baseUrl = env().BASE_URL;

  const days = [1, 2, 3, 4, 5, 6, 7]
    .map((day) => ({
      day,
      name: weekdayName(day),
      slots: schedule
        .filter((s) => s.day === day)
        .sort((a, b) => a.start.localeCompare(b.start))
        // The hours written here: the browser then needs no date code on home.
        .map((s) => ({
          id: s.id,
          hours: `${formatTime(s.start)} – ${formatTime(s.end)}`,
          group: s.group,
          level: s.level,
        })),
    }))
    .filter((d) => d.slots.length > 0);

  const sameAs = [identity.facebookUrl, identity.instagramUrl].filter((u) => u !== "");
  // Only the facts entered: an empty one is left out (JSON.stringify drops `undefined`).
  const given = (v: string) => v.trim() || undefined;
  const hasAddress = venueLines(identity).length > 0;
  const jsonLd = jsonLdText({
    "@context": "https://schema.org",
    "@type": "SportsClub",
    name: clubDisplayName(identity),
    alternateName: given(identity.associationName),
    url: `${baseUrl}/`,
    sport: "Vovinam Viet Vo Dao",
    telephone: given(identity.phone),
    email: given(identity.email),
    ...(hasAddress
      ? {
          address: {
            "@type": "PostalAddress",
            name: given(identity.sportsComplex),
            streetAddress: given(identity.street),
            postalCode: given(identity.postalCode),
            addressLocality: given(identity.city),
            addressCountry: "FR",
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  });

  return {
    identity: { ...identity, clubName: clubDisplayName(identity) },
    venue: venueLines(identity),
    days,
    trialClasses: membership.trialClasses,
    federation: legal.federation,
    events: upcoming.map((e) => ({
      id: e.key,
      title: e.title,
      when: formatEventWhen(e),
      startsAt: e.startsAt.toISOString(),
      place: e.place,
    })),
    articles: news.map((a) => ({
      id: a.id,
      path: a.path,
      title: a.title,
      summary: a.summary,
      date: a.publishedAt ? formatDate(a.publishedAt) : "",
      publishedAt: a.publishedAt?.toISOString() ?? "",
    })),
    jsonLd,
  };
}

export type HomeView = Awaited<ReturnType<typeof homeView>>;
