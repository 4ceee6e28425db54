/**
 * The operations page's « Fichiers envoyés » form (intent « fichiers »): where
 * new uploaded files go. Parsed with its schema (uploads-place.ts), applied by
 * chooseUploadsPlace (refused on the embedded database: the French reason next
 * to the field), answered with the page's notice.
 */
import { data } from "react-router";
import { handleIntent } from "../http/intents";
import type { AuditPerson } from "../core/audit.server";
import { chooseUploadsPlace } from "./uploads-place.server";
import { PLACE_LABELS, uploadsPlaceSchema } from "./uploads-place";

export function uploadsPlaceAction({ user, formData }: { user: AuditPerson; formData: FormData }) {
  return handleIntent("fichiers", formData, uploadsPlaceSchema, async ({ place }) => {
    await chooseUploadsPlace(place, user);
    return data({
      notice: {
        tone: "success" as const,
        text:
          place === "postgres"
            ? `Les nouveaux fichiers sont gardés dans ${PLACE_LABELS[place]}, lue par toutes les machines du site.`
            : `Les nouveaux fichiers sont gardés dans ${PLACE_LABELS[place]} de la machine qui les reçoit.`,
      },
    });
  });
}
