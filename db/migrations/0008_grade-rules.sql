ALTER TABLE "grades" ADD COLUMN "min_attendances" integer;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "min_age" integer;