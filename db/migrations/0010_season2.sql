CREATE TABLE "payment_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text
);
--> statement-breakpoint
CREATE TABLE "season_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer,
	"season" text NOT NULL,
	"kind" text NOT NULL,
	"aid_code" text,
	"document_date" date,
	"reference" text DEFAULT '' NOT NULL,
	"storage_key" text,
	"content_type" text,
	"size_bytes" integer,
	"original_name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'a-verifier' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"delete_file_on" date,
	"file_deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "season_documents_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "registration_lines" ADD COLUMN "aid_code" text;--> statement-breakpoint
ALTER TABLE "registration_lines" ADD COLUMN "aid_status" text;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_documents" ADD CONSTRAINT "season_documents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_documents" ADD CONSTRAINT "season_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_documents" ADD CONSTRAINT "season_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_alerts_payment_id_index" ON "payment_alerts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_alerts_handled_at_index" ON "payment_alerts" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "season_documents_profile_id_season_index" ON "season_documents" USING btree ("profile_id","season");--> statement-breakpoint
CREATE INDEX "season_documents_state_index" ON "season_documents" USING btree ("state");--> statement-breakpoint
CREATE INDEX "season_documents_delete_file_on_index" ON "season_documents" USING btree ("delete_file_on");