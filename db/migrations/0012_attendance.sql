CREATE TABLE "instructor_slots" (
	"user_id" text NOT NULL,
	"slot_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_slots_user_id_slot_id_pk" PRIMARY KEY("user_id","slot_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "authorised_pickup" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "instructor_slots" ADD CONSTRAINT "instructor_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instructor_slots_slot_id_index" ON "instructor_slots" USING btree ("slot_id");