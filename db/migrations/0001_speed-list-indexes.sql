-- Issue 12 (decision 0023): the managers' lists are pages read in index order.
-- Custom SQL (expression indexes on tables other helpers edit): users by name (the default
-- sort of the users list), articles newest first (the managers' articles list).
CREATE INDEX IF NOT EXISTS "users_list_order" ON "users" (lower("nom"), lower("prenom"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_order" ON "users" ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_created_at_order" ON "articles" ("created_at" DESC, "id" DESC);
