CREATE TABLE "profile_portraits" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer,
	"media_id" integer NOT NULL,
	"consent_given_at" timestamp with time zone NOT NULL,
	"consent_given_by" text,
	"consent_given_by_name" text NOT NULL,
	"consent_statement" text NOT NULL,
	CONSTRAINT "profile_portraits_profileId_unique" UNIQUE("profile_id"),
	CONSTRAINT "profile_portraits_mediaId_unique" UNIQUE("media_id")
);
--> statement-breakpoint
ALTER TABLE "profile_portraits" ADD CONSTRAINT "profile_portraits_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_portraits" ADD CONSTRAINT "profile_portraits_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_portraits" ADD CONSTRAINT "profile_portraits_consent_given_by_users_id_fk" FOREIGN KEY ("consent_given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;