CREATE TABLE "quiz_score_counts" (
	"quiz_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_score_counts_quiz_id_score_pk" PRIMARY KEY("quiz_id","score"),
	CONSTRAINT "quiz_score_counts_plays_check" CHECK ("quiz_score_counts"."plays" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quiz_score_counts" ADD CONSTRAINT "quiz_score_counts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The plays already counted, per quiz and score.
INSERT INTO "quiz_score_counts" ("quiz_id", "score", "plays")
SELECT "quiz_id", "score", count(*)::int FROM "quiz_plays" WHERE "counted" GROUP BY "quiz_id", "score";
