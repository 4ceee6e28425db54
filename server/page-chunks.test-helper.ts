/**
 * A page as React Router's adapter writes it, for the tests of gathering and encoding pages
 * (server/coalesce-writes.ts, server/compress.ts): `count` chunks of about 2 KB each.
 */
export const CHUNK = "<p>Être fort pour être utile : la devise du Vovinam Viet Vo Dao.</p>".repeat(30);

export function chunks(count: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < count) controller.enqueue(new TextEncoder().encode(CHUNK));
      else controller.close();
    },
  });
}
