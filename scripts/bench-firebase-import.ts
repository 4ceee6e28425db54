/**
 * Benchmark of the Firebase import (issue "Move in from the original Firebase
 * site"): 10,000 accounts with password hashes, a Google link for one in ten,
 * and their Firestore documents, imported into a fresh embedded database (a
 * folder, as in production); then the same files again (a no-op). Prints the
 * two durations. Run by `npm run bench` (section "Import Firebase") or alone:
 * `tsx scripts/bench-firebase-import.ts [accounts]`.
 *
 * The hashes are random bytes of the right shape: the import stores them
 * without computing anything, so real hashes would not change the timing.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function benchFirebaseImport(accounts = 10_000): Promise<{ importMs: number; againMs: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "club-bench-import-"));
  const { setEnvForTests } = await import("../app/lib/core/env.server");
  setEnvForTests({
    NODE_ENV: "production",
    DATA_DIR: dir,
    BASE_URL: "http://localhost:3000",
    SMTP_URL: "",
    DATABASE_URL: "",
    LOG_LEVEL: "error",
  });
  const { openDatabase, closeDatabase } = await import("../app/lib/core/db.server");
  const { readImportFiles } = await import("../app/lib/accounts/firebase/files.server");
  const { importFirebase } = await import("../app/lib/accounts/firebase/import.server");
  const roles = ["membre", "membre", "membre", "pré-inscrit", "user_manager", "article_manager", "admin"];
  const users = [];
  const docs: Record<string, unknown> = {};
  for (let i = 0; i < accounts; i++) {
    const id = `fb${String(i).padStart(8, "0")}`;
    const email = `membre.${i}@exemple.fr`;
    users.push({
      localId: id,
      email,
      emailVerified: i % 3 !== 0,
      passwordHash: randomBytes(64).toString("base64"),
      salt: randomBytes(12).toString("base64"),
      createdAt: String(1_500_000_000_000 + i * 60_000),
      disabled: i % 50 === 0,
      providerUserInfo: [
        { providerId: "password", rawId: email },
        ...(i % 10 === 0 ? [{ providerId: "google.com", rawId: `g${i}` }] : []),
      ],
    });
    docs[id] = {
      prenom: `Prénom${i}`,
      nom: `Nom${i}`,
      email,
      role: roles[i % roles.length],
      createdAt: { _seconds: 1_500_000_000 + i * 60, _nanoseconds: 0 },
      aPayeCotisation: i % 2 === 0,
      certificatMedicalFourni: i % 4 === 0,
    };
  }
  const files = {
    auth: path.join(dir, "users.json"),
    hashConfig: path.join(dir, "hash.json"),
    firestore: path.join(dir, "utilisateurs.json"),
  };
  writeFileSync(files.auth, JSON.stringify({ users }));
  writeFileSync(
    files.hashConfig,
    JSON.stringify({
      algorithm: "SCRYPT",
      base64_signer_key: randomBytes(64).toString("base64"),
      base64_salt_separator: "Bw==",
      rounds: 8,
      mem_cost: 14,
    }),
  );
  writeFileSync(files.firestore, JSON.stringify(docs));
  await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  try {
    let start = performance.now();
    const first = await importFirebase(readImportFiles(files));
    const importMs = performance.now() - start;
    if (first.created !== accounts) throw new Error(`expected ${accounts} accounts, got ${first.created}`);
    start = performance.now();
    const again = await importFirebase(readImportFiles(files));
    const againMs = performance.now() - start;
    if (again.created !== 0 || again.unchanged !== accounts) throw new Error("the second run was not a no-op");
    return { importMs, againMs };
  } finally {
    await closeDatabase();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const n = Number(process.argv[2] ?? 10_000);
  void benchFirebaseImport(n).then(({ importMs, againMs }) => {
    console.log(
      `Import Firebase de ${n} comptes : ${(importMs / 1000).toFixed(1)} s (objectif : moins d'une minute) ; deuxième passage (aucun changement) : ${(againMs / 1000).toFixed(1)} s`,
    );
  });
}
