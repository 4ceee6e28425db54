DROP INDEX "users_search_index";--> statement-breakpoint
CREATE INDEX "users_search_index" ON "users" USING gin (to_tsvector('simple', "search_text")) WITH (fastupdate=false);