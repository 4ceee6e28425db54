CREATE TABLE "form_submissions" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "form_submissions_created_at_index" ON "form_submissions" USING btree ("created_at");