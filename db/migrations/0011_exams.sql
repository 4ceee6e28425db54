CREATE TABLE "exam_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"convoked_at" timestamp with time zone,
	"result" text,
	"note" text DEFAULT '' NOT NULL,
	"marked_at" timestamp with time zone,
	"marked_by" text,
	"grade_history_id" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_jury" (
	"session_id" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "exam_jury_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_session_grades" (
	"session_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	CONSTRAINT "exam_session_grades_session_id_grade_id_pk" PRIMARY KEY("session_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_date" date NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'prevue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_grade_history_id_grade_history_id_fk" FOREIGN KEY ("grade_history_id") REFERENCES "public"."grade_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_jury" ADD CONSTRAINT "exam_jury_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_jury" ADD CONSTRAINT "exam_jury_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_session_grades" ADD CONSTRAINT "exam_session_grades_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_session_grades" ADD CONSTRAINT "exam_session_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_one_candidate_per_session" ON "exam_candidates" USING btree ("session_id","profile_id");--> statement-breakpoint
CREATE INDEX "exam_jury_user_id_index" ON "exam_jury" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_sessions_exam_date_index" ON "exam_sessions" USING btree ("exam_date");