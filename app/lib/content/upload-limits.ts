/**
 * Upload limits, browser-safe: the server refuses beyond them
 * (uploads.server.ts) and the forms check them before sending, so that a
 * person choosing a too-large file gets the French error at once, with the
 * form kept, instead of a long upload refused at the end.
 *
 * A file input states its own maximum with `data-max-bytes`; the whole
 * request may not exceed MAX_REQUEST_BYTES.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** Largest request body accepted by the upload forms (a PDF and the text fields). */
export const MAX_REQUEST_BYTES = MAX_PDF_BYTES + 1024 * 1024;

export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} Mo`;
}

export const REQUEST_TOO_LARGE = `Envoi trop volumineux : la taille maximale est de ${formatMegabytes(MAX_PDF_BYTES)}. Choisissez un fichier plus léger.`;

function fileTooLarge(maxBytes: number): string {
  return `Ce fichier dépasse la taille maximale de ${formatMegabytes(maxBytes)} : choisissez un fichier plus léger.`;
}

/**
 * In the browser, before a form with files is sent: the first file over its
 * input's maximum, or the files together over the request limit; null when
 * the form can go.
 */
export function oversizedUpload(form: HTMLFormElement): { name: string; message: string } | null {
  let total = 0;
  let firstName = "";
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]'))) {
    const max = Number(input.dataset.maxBytes ?? MAX_REQUEST_BYTES);
    for (const file of Array.from(input.files ?? [])) {
      if (file.size > max) return { name: input.name, message: fileTooLarge(max) };
      total += file.size;
      firstName ||= input.name;
    }
  }
  return total > MAX_REQUEST_BYTES ? { name: firstName, message: REQUEST_TOO_LARGE } : null;
}
