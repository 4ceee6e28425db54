/**
 * The document title of a page rendered by an error boundary (404, 403,
 * 500): "<title> | <club name>", the same form as `pageMeta` gives the other
 * pages, so the site name stays in the tab after hydration (React hoists
 * this <title> over the one React Router's <Meta> rendered on the server).
 */
import { siteTitle } from "~/lib/http/seo";
import { useRootData } from "~/components/layout/root-data";

export function PageTitle({ title }: { title: string }) {
  const data = useRootData();
  return <title>{siteTitle(title, data?.clubName)}</title>;
}
