/** Browser-safe: the hidden field carrying a form's one-time token (decision 0019). */
export const SUBMISSION_FIELD = "_envoi";
