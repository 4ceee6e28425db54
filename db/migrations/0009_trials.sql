CREATE TABLE "trial_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_date" date NOT NULL,
	"slot_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"slot_group" text NOT NULL,
	"prenom" text NOT NULL,
	"nom" text NOT NULL,
	"age_group" text NOT NULL,
	"parent_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'a-traiter' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" text,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trial_requests" ADD CONSTRAINT "trial_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD CONSTRAINT "trial_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_requests_session_date_slot_id_index" ON "trial_requests" USING btree ("session_date","slot_id");--> statement-breakpoint
CREATE INDEX "trial_requests_status_created_at_index" ON "trial_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trial_requests_created_at_index" ON "trial_requests" USING btree ("created_at");