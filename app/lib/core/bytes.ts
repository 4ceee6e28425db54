/**
 * Byte arrays joined into one (a request body read in chunks, protocol
 * messages sent in one call). Browser-safe; a new array, never a view on a
 * shared pool (Buffer.concat's small results are), so a reader of its
 * `.buffer` sees these bytes alone.
 */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const p of parts) length += p.byteLength;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}
