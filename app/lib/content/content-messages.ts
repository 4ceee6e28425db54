/**
 * French messages of the content management shared by the server modules
 * (thrown as `DomainError`) and the pages (browser-safe).
 */
export const ARTICLE_GONE = "Cet article n’existe plus : il a peut-être déjà été supprimé.";
export const VIDEO_GONE = "Cette vidéo n’existe plus : elle a peut-être déjà été supprimée.";
export const EVENT_GONE = "Cet événement n’existe plus : il a peut-être déjà été supprimé.";
