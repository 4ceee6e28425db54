import { env } from "~/lib/core/env.server";
import { robotsTxt } from "~/lib/club/sitemap.server";

export function loader() {
  return new Response(robotsTxt(env().BASE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
