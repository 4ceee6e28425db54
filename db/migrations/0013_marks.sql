CREATE TABLE "exam_test_marks" (
	"candidate_id" integer NOT NULL,
	"technique_id" integer NOT NULL,
	"result" text NOT NULL,
	"marked_by" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_test_marks_candidate_id_technique_id_pk" PRIMARY KEY("candidate_id","technique_id")
);
--> statement-breakpoint
ALTER TABLE "exam_test_marks" ADD CONSTRAINT "exam_test_marks_candidate_id_exam_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."exam_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_test_marks" ADD CONSTRAINT "exam_test_marks_technique_id_techniques_id_fk" FOREIGN KEY ("technique_id") REFERENCES "public"."techniques"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_test_marks" ADD CONSTRAINT "exam_test_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_test_marks_technique_id_index" ON "exam_test_marks" USING btree ("technique_id");