import { env } from "~/lib/core/env.server";
import { sitemapEntries, sitemapXml } from "~/lib/club/sitemap.server";

export async function loader() {
  const xml = sitemapXml(env().BASE_URL, await sitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
