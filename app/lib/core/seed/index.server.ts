/**
 * Content seeders, run in order inside the first-start transaction.
 * Each module of content adds its own file here and one line below.
 * A seeder writes through `db`, which is that transaction while it runs.
 */
import { seedContent } from "./content.server";
import { seedDocuments } from "./documents.server";
import { seedGrades } from "./grades.server";

export interface Seeder {
  name: string;
  run: () => Promise<void>;
}

export const seeders: Seeder[] = [
  { name: "content", run: seedContent },
  { name: "documents", run: seedDocuments },
  { name: "grades", run: seedGrades },
];
