/**
 * /mentions-legales: the legal notice and the privacy policy. Its content is written on the
 * server and kept as is by the browser: components/info/legal-notice.server.tsx;
 * the audience section and its opt-out switch, which react to the visitor, stay React and follow
 * it as the page's last section (same column, same 48 px gap as between its sections).
 */
import { AudienceSection } from "~/components/audience-opt-out";
import { ServerHtml } from "~/components/server-html";
import { LegalNoticeContent, legalNoticeView } from "~/components/info/legal-notice.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/legal-notice";

export async function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <LegalNoticeContent {...await legalNoticeView()} />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mentions légales et confidentialité",
    description:
      "Éditeur et hébergeur du site du club de Vovinam Viet Vo Dao, et politique de confidentialité : données enregistrées, durées de conservation, vos droits, cookies.",
  });

export default function LegalNotice({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ServerHtml html={loaderData.html} />
      {/* InfoPage's column; -mt-10 takes back its bottom padding, pt-12 is its gap between sections. */}
      <div className="mx-auto -mt-10 max-w-3xl px-4 pt-12 pb-10 sm:px-6">
        <AudienceSection />
      </div>
    </>
  );
}
