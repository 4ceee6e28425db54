/**
 * /illustrations/<theme>-<seed>.svg|png: the drawn illustration of a news
 * article (app/lib/content/illustration.ts). Drawn from the name alone, so
 * the answer never changes: cached a year as immutable. The PNG (Open Graph)
 * is rasterised by sharp once and kept in a small memory cache.
 */
import sharp from "sharp";
import type { Route } from "./+types/illustration";
import { illustrationSvg, parseIllustrationName } from "~/lib/content/illustration";

const PNG_CACHE_MAX = 100;
const pngCache = new Map<string, Buffer>();

function notFound(): Response {
  return new Response("Illustration introuvable", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function loader({ params }: Route.LoaderArgs) {
  const parsed = parseIllustrationName(params.name ?? "");
  if (!parsed) return notFound();
  const svg = illustrationSvg(parsed.theme, parsed.seed);
  if (parsed.format === "svg") {
    return new Response(svg, {
      headers: {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": IMMUTABLE,
        // An SVG opened on its own runs nothing and loads nothing.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const key = `${parsed.theme}-${parsed.seed}`;
  let png = pngCache.get(key);
  if (!png) {
    png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    if (pngCache.size >= PNG_CACHE_MAX) pngCache.delete(pngCache.keys().next().value as string);
    pngCache.set(key, png);
  }
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": IMMUTABLE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
