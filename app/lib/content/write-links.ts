/**
 * The links an empty public block offers to the people who may fill it: « Écrire un
 * article » on the news, « Annoncer un événement » on the calendar and home.
 *
 * Rules: a link is given only to a signed-in user who may write there (capabilities
 * `articles:edit`, `events:edit`); visitors and members get none, so the page a visitor is served
 * (and the page cache keeps for every visitor, server/page-cache.ts) never holds one.
 */
import { href } from "react-router";
import { can } from "../accounts/capabilities";

const NEW_ARTICLE = href("/espace-membre/articles/ajouter");
const NEW_EVENT = href("/espace-membre/evenements/ajouter");

export interface WriteLinks {
  /** The new-article page, or null. */
  article: string | null;
  /** The new-event page, or null. */
  event: string | null;
}

export function writeLinksFor(user: { roles: readonly string[] } | null): WriteLinks {
  return {
    article: can(user, "articles:edit") ? NEW_ARTICLE : null,
    event: can(user, "events:edit") ? NEW_EVENT : null,
  };
}
