--> statement-breakpoint
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
