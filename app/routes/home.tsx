/**
 * / (spec: home): the club in one page. Its content is written once on the server and kept as
 * is by the browser: the loader sends the markup, the page loads none of the code
 * that wrote it; a visitor not signed in gets the page without React's scripts at all (decision
 * 0061). What it shows and the rules of each part: lib/content/home-page.server.ts and
 * components/home/content.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { STATIC_FOR_VISITORS } from "~/components/layout/static-page";
import { HomeContent } from "~/components/home/content.server";
import { homeView } from "~/lib/content/home-page.server";
import { writeLinksFor } from "~/lib/content/write-links";
import { getSessionUser } from "~/lib/accounts/session.server";
import { useNonce } from "~/lib/http/nonce";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [view, user] = await Promise.all([homeView(), getSessionUser(request)]);
  return {
    clubName: view.identity.clubName,
    city: view.identity.city,
    jsonLd: view.jsonLd,
    // Empty news or events: a manager gets the link to write them (a visitor none, write-links.ts).
    html: serverHtml(context, <HomeContent {...view} write={writeLinksFor(user)} />),
  };
}

/** A visitor gets home without React's scripts. */
export const handle = STATIC_FOR_VISITORS;

export const meta: Route.MetaFunction = (args) => {
  const clubName = args.loaderData?.clubName ?? "Vovinam Viet Vo Dao";
  const city = args.loaderData?.city ?? "";
  return pageMeta(args, {
    title: `${clubName} : cours de Vovinam Viet Vo Dao${city ? ` à ${city}` : ""}`,
    description: `Club associatif de Vovinam Viet Vo Dao${city ? ` à ${city}` : ""} : art martial vietnamien, self-défense, cours pour enfants, adolescents et adultes, cours d'essai gratuits. Horaires, actualités et événements.`,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <ServerHtml html={loaderData.html} />
    </>
  );
}
