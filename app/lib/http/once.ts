/** Browser-safe: the hidden field carrying a form's one-time token. */
export const SUBMISSION_FIELD = "_envoi";
