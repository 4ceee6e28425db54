-- Several machines on one PostgreSQL (db/schema/stored-files.ts): uploaded files kept in the database
-- in pieces, and the secret the machines share; none of these tables is copied as rows into a backup.
CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_position_pk" PRIMARY KEY("key","position")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Images (WebP, AVIF) and PDFs are compressed already: PostgreSQL stores their pieces as they are.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
