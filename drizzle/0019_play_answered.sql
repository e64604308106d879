ALTER TABLE "quiz_plays" ADD COLUMN "answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Plays started before the counter: their answers stored so far.
UPDATE "quiz_plays" p SET "answered" = a."n"
FROM (SELECT "play_id", count(*)::int AS "n" FROM "quiz_answers" GROUP BY "play_id") a
WHERE p."id" = a."play_id";
