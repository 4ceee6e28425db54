CREATE TABLE "family_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"season" text NOT NULL,
	"reasons" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer,
	"season" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text NOT NULL,
	"checkout_intent_id" integer,
	"order_id" integer,
	"instalments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"payer_email" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"recorded_by" text
);
--> statement-breakpoint
CREATE TABLE "registration_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"aid_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"parental_authorisation" timestamp with time zone,
	"photo_consent" text DEFAULT 'non' NOT NULL,
	"rules_version" text,
	"rules_accepted_at" timestamp with time zone,
	"emergency_contacts" text DEFAULT '' NOT NULL,
	"competitor" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"season" text NOT NULL,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"instalments" integer DEFAULT 1 NOT NULL,
	"aid_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_reminders" ADD CONSTRAINT "family_reminders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_lines" ADD CONSTRAINT "registration_lines_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_lines" ADD CONSTRAINT "registration_lines_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_reminders_owner_id_season_sent_at_index" ON "family_reminders" USING btree ("owner_id","season","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_intent_id_index" ON "payments" USING btree ("checkout_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_index" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_helloasso_applied" ON "payments" USING btree ("registration_id") WHERE "payments"."method" = 'helloasso' and "payments"."state" = 'appliquee';--> statement-breakpoint
CREATE INDEX "payments_state_index" ON "payments" USING btree ("state");--> statement-breakpoint
CREATE INDEX "payments_registration_id_index" ON "payments" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_lines_registration_id_profile_id_index" ON "registration_lines" USING btree ("registration_id","profile_id");--> statement-breakpoint
CREATE INDEX "registration_lines_profile_id_index" ON "registration_lines" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_owner_id_season_index" ON "registrations" USING btree ("owner_id","season");--> statement-breakpoint
CREATE INDEX "registrations_season_status_index" ON "registrations" USING btree ("season","status");