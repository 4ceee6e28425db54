// PLACEHOLDER: replaced by its owner
export function loader() {
  return new Response("Non disponible", { status: 404 });
}
