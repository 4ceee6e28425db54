/**
 * Content seeders, run in order inside the first-start transaction.
 * Each module of content adds its own file here and one line below.
 * A seeder receives the transaction and must only use it (never `db`).
 */
import type { Transaction } from "../db.server";
import { seedContent } from "./content.server";
import { seedDocuments } from "./documents.server";
import { seedGrades } from "./grades.server";

export interface Seeder {
  name: string;
  run: (tx: Transaction) => Promise<void>;
}

export const seeders: Seeder[] = [
  { name: "content", run: seedContent },
  { name: "documents", run: seedDocuments },
  { name: "grades", run: seedGrades },
];
