/** Page metadata: unique French title, description, OpenGraph, canonical URL. */
import type { MetaDescriptor } from "react-router";
import { frenchText } from "~/lib/typography/french";

export interface RootData {
  baseUrl: string;
  clubName: string;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;
}

export function rootData(args: MetaArgsLike): RootData {
  const root = args.matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as Partial<RootData> | undefined;
  return { baseUrl: data?.baseUrl ?? "", clubName: data?.clubName ?? "Vovinam Viet Vo Dao" };
}

/** "<title> | <club name>" (the club name once), with French typography. */
export function siteTitle(title: string, clubName = "Vovinam Viet Vo Dao"): string {
  const name = frenchText(clubName);
  const page = frenchText(title);
  return page.includes(name) ? page : `${page} | ${name}`;
}

export function pageMeta(
  args: MetaArgsLike,
  page: {
    title: string;
    description: string;
    image?: string;
    noindex?: boolean;
    type?: string;
    /**
     * The page is an error boundary that renders its own <title> (PageTitle,
     * kept after hydration): no second <title> here (valid HTML: one per document).
     */
    titleInBoundary?: boolean;
  },
): MetaDescriptor[] {
  const { baseUrl, clubName } = rootData(args);
  // React Router renders these tags itself: French typography here.
  page = { ...page, description: frenchText(page.description) };
  const title = siteTitle(page.title, clubName);
  const url = `${baseUrl}${args.location.pathname}`;
  const image = `${baseUrl}${page.image ?? "/og-image.png"}`;
  const tags: MetaDescriptor[] = [
    ...(page.titleInBoundary ? [] : [{ title }]),
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:site_name", content: clubName },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
