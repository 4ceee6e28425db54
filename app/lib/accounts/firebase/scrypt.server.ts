/**
 * Firebase's modified scrypt, for the accounts imported from the club's former
 * Firebase site (issue "Move in from the original Firebase site").
 *
 * Firebase hashes a password as:
 *   key  = scrypt(password, salt ‖ saltSeparator, N = 2^memCost, r = rounds, p = 1, 32 bytes)
 *   hash = AES-256-CTR(key, IV = 16 zero bytes).encrypt(signerKey)
 * and exports `passwordHash` and `salt` per user (base64), the other parameters
 * per project ("password hash parameters" of the Firebase console).
 *
 * Rules:
 *  - An imported hash is stored in `accounts.password` as one self-describing
 *    string, `firebase-scrypt$1$<rounds>$<memCost>$<saltSeparator>$<signerKey>$<salt>$<hash>`
 *    (base64 fields), so that verification needs nothing else.
 *  - It is only ever compared in constant time; at the first successful sign-in
 *    the password is re-hashed with the site's own scheme and the Firebase hash
 *    erased (see `verifyStoredPassword` in ../passwords-storage.server.ts).
 */
import { createCipheriv, scrypt, timingSafeEqual } from "node:crypto";

export const FIREBASE_HASH_PREFIX = "firebase-scrypt$1$";

export interface FirebaseHashParams {
  /** base64 */
  signerKey: string;
  /** base64 */
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

function derive(password: string, salt: Buffer, p: FirebaseHashParams): Promise<Buffer> {
  const N = 2 ** p.memCost;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFC"),
      Buffer.concat([salt, Buffer.from(p.saltSeparator, "base64")]),
      32,
      { N, r: p.rounds, p: 1, maxmem: 256 * N * p.rounds + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** Firebase's hash of `password` with a user's `salt` (base64), as base64. */
export async function firebaseScryptHash(password: string, salt: string, params: FirebaseHashParams): Promise<string> {
  const key = await derive(password, Buffer.from(salt, "base64"), params);
  const cipher = createCipheriv("aes-256-ctr", key, Buffer.alloc(16, 0));
  return Buffer.concat([cipher.update(Buffer.from(params.signerKey, "base64")), cipher.final()]).toString("base64");
}

/** The string stored in accounts.password for an imported Firebase hash. */
export function encodeFirebaseHash(params: FirebaseHashParams, salt: string, hash: string): string {
  return `${FIREBASE_HASH_PREFIX}${params.rounds}$${params.memCost}$${params.saltSeparator}$${params.signerKey}$${salt}$${hash}`;
}

export function isFirebaseHash(stored: string | null | undefined): stored is string {
  return typeof stored === "string" && stored.startsWith(FIREBASE_HASH_PREFIX);
}

/** True when `password` matches an imported Firebase hash (constant-time comparison). */
export async function verifyFirebaseHash(stored: string, password: string): Promise<boolean> {
  if (!isFirebaseHash(stored)) return false;
  const parts = stored.slice(FIREBASE_HASH_PREFIX.length).split("$");
  if (parts.length !== 6) return false;
  const [rounds, memCost, saltSeparator, signerKey, salt, hash] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const params = { rounds: Number(rounds), memCost: Number(memCost), saltSeparator, signerKey };
  if (!Number.isInteger(params.rounds) || !Number.isInteger(params.memCost) || params.memCost > 20) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = Buffer.from(await firebaseScryptHash(password, salt, params), "base64");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
