/**
 * The links an empty public block offers to the people who may fill it (issue 56): « Écrire un
 * article » on the news, « Annoncer un événement » on the calendar and home.
 *
 * Rules: a link is given only to a signed-in user whose roles open the page it leads to (the
 * permission table, `canOpen`); visitors and members get none, so the page a visitor is served
 * (and the page cache keeps for every visitor, server/page-cache.ts) never holds one.
 */
import { canOpen } from "../accounts/permissions";

const NEW_ARTICLE = "/espace-membre/articles/ajouter";
const NEW_EVENT = "/espace-membre/evenements/ajouter";

export interface WriteLinks {
  /** The new-article page, or null. */
  article: string | null;
  /** The new-event page, or null. */
  event: string | null;
}

export function writeLinksFor(user: { roles: readonly string[] } | null): WriteLinks {
  if (!user) return { article: null, event: null };
  return {
    article: canOpen(user.roles, NEW_ARTICLE) ? NEW_ARTICLE : null,
    event: canOpen(user.roles, NEW_EVENT) ? NEW_EVENT : null,
  };
}
