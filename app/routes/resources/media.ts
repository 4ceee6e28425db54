/** Serves uploaded files: /media/<key>/<variant> (skeleton, completed below). */
export function loader() {
  return new Response("Fichier introuvable", { status: 404 });
}
