ALTER TABLE "quiz_questions" ADD COLUMN "source_outlet" text;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "source_published_at" timestamp with time zone;