CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_at_index" ON "rate_limit_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_expires_at_index" ON "rate_limit_events" USING btree ("expires_at");