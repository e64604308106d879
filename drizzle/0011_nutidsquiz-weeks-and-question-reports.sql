CREATE TABLE "quiz_option_tallies" (
	"option_id" uuid PRIMARY KEY NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_option_tallies_answers_check" CHECK ("quiz_option_tallies"."answers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quiz_question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_question_reports_reason_check" CHECK ("quiz_question_reports"."reason" in ('wrong_answer', 'unclear', 'outdated'))
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "week_year" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "week" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_option_tallies" ADD CONSTRAINT "quiz_option_tallies_option_id_quiz_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."quiz_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question_reports" ADD CONSTRAINT "quiz_question_reports_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_question_reports_question_visitor_key" ON "quiz_question_reports" USING btree ("question_id","visitor_id");--> statement-breakpoint
CREATE INDEX "quizzes_week_idx" ON "quizzes" USING btree ("week_year" DESC NULLS LAST,"week" DESC NULLS LAST) WHERE "quizzes"."week" is not null and "quizzes"."is_active";--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_week_check" CHECK (("quizzes"."week_year" is null) = ("quizzes"."week" is null) and "quizzes"."week" between 1 and 53);--> statement-breakpoint
-- Decision 026: a NutidsQuiz belongs to the ISO week it is played in. One made on a Sunday (the weekly job's
-- day) is the next week's, so an existing NutidsQuiz gets the week of the Stockholm date one day after it
-- was made.
UPDATE "quizzes" SET
  "week_year" = extract(isoyear from (("created_at" at time zone 'Europe/Stockholm') + interval '1 day'))::int,
  "week" = extract(week from (("created_at" at time zone 'Europe/Stockholm') + interval '1 day'))::int
WHERE "category" = 'NutidsQuiz';
--> statement-breakpoint
-- Quizzes that are already active were published when they were made.
UPDATE "quizzes" SET "published_at" = "created_at" WHERE "is_active";
--> statement-breakpoint
-- The counted plays' answers per option, as the statement that finishes a play keeps them from now on.
INSERT INTO "quiz_option_tallies" ("option_id", "answers")
SELECT a."option_id", count(*)::int
FROM "quiz_answers" a JOIN "quiz_plays" p ON p."id" = a."play_id"
WHERE p."counted"
GROUP BY a."option_id"
ON CONFLICT ("option_id") DO UPDATE SET "answers" = excluded."answers";
