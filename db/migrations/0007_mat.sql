CREATE TABLE "attendance_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_date" date NOT NULL,
	"slot_id" text NOT NULL,
	"profile_id" integer NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	"client_mark_id" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"marked_by" text,
	CONSTRAINT "attendance_marks_clientMarkId_unique" UNIQUE("client_mark_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_one_mark_per_session" ON "attendance_marks" USING btree ("session_date","slot_id","profile_id");--> statement-breakpoint
CREATE INDEX "attendance_marks_profile_id_session_date_index" ON "attendance_marks" USING btree ("profile_id","session_date");