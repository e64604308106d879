CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beer_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "beer_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"user_identifier" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_beer_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_identifier" text NOT NULL,
	"last_beer_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"image_url" text,
	"location_name" text,
	"location_address" text,
	"city" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"event_type" text DEFAULT 'quiz' NOT NULL,
	"tags" text[] DEFAULT ARRAY['Quiz']::text[] NOT NULL,
	"created_by" text,
	"max_attendees" integer,
	"phone" text,
	"email" text,
	"website" text,
	"instagram" text,
	"max_persons_per_team" integer,
	"recurrence" text DEFAULT 'weekly' NOT NULL,
	"schedules" jsonb,
	"beer_counter" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_city_check" CHECK ("events"."city" in ('Göteborg', 'Stockholm', 'Malmö')),
	CONSTRAINT "events_event_type_check" CHECK ("events"."event_type" in ('quiz')),
	CONSTRAINT "events_recurrence_check" CHECK ("events"."recurrence" in ('weekly', 'biweekly', 'monthly')),
	CONSTRAINT "events_beer_counter_check" CHECK ("events"."beer_counter" >= 0),
	CONSTRAINT "events_team_size_check" CHECK ("events"."max_persons_per_team" is null or "events"."max_persons_per_team" > 0)
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"claimed_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"result" jsonb,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot"),
	CONSTRAINT "job_runs_status_check" CHECK ("job_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"play_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"is_correct" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answers_play_id_question_id_pk" PRIMARY KEY("play_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"option_text" text NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	"option_order" integer NOT NULL,
	CONSTRAINT "quiz_options_order_check" CHECK ("quiz_options"."option_order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "quiz_plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"score" integer DEFAULT 0 NOT NULL,
	"question_count" integer NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quiz_plays_score_check" CHECK ("quiz_plays"."score" >= 0 and "quiz_plays"."score" <= "quiz_plays"."question_count")
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"question_text" text NOT NULL,
	"image_url" text,
	"question_order" integer NOT NULL,
	"source_url" text,
	"bank_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_votes" (
	"quiz_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_votes_quiz_id_visitor_id_pk" PRIMARY KEY("quiz_id","visitor_id"),
	CONSTRAINT "quiz_votes_vote_check" CHECK ("quiz_votes"."vote" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_slug" text NOT NULL,
	"description" text,
	"image_url" text,
	"category" text NOT NULL,
	"difficulty" text DEFAULT 'medium' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_title_slug_unique" UNIQUE("title_slug"),
	CONSTRAINT "quizzes_difficulty_check" CHECK ("quizzes"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "quizzes_category_check" CHECK ("quizzes"."category" in ('AllmänQuiz', 'NutidsQuiz', 'BildQuiz', 'MusikQuiz', 'FilmQuiz', 'SportQuiz', 'GeografiQuiz', 'HistorieQuiz', 'KulturQuiz', 'Mat & Dryck-Quiz', 'VetenskapsQuiz', 'TeknikQuiz', 'TemaQuiz', 'BarnQuiz', 'SpråkQuiz', 'TV-serieQuiz', 'PubQuiz'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"report_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reporter_name" text,
	"contact_email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_type_check" CHECK ("reports"."report_type" in ('incorrect_info', 'other', 'missing_quiz')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('pending', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beer_clicks" ADD CONSTRAINT "beer_clicks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_beer_interactions" ADD CONSTRAINT "event_beer_interactions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_play_id_quiz_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."quiz_plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_option_id_quiz_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."quiz_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_options" ADD CONSTRAINT "quiz_options_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_plays" ADD CONSTRAINT "quiz_plays_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_votes" ADD CONSTRAINT "quiz_votes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "beer_clicks_clicked_at_idx" ON "beer_clicks" USING btree ("clicked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "beer_clicks_event_id_idx" ON "beer_clicks" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_beer_interactions_event_user_key" ON "event_beer_interactions" USING btree ("event_id","user_identifier");--> statement-breakpoint
CREATE INDEX "event_beer_interactions_last_beer_time_idx" ON "event_beer_interactions" USING btree ("last_beer_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "events_city_slug_key" ON "events" USING btree ("city","slug");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_beer_counter_idx" ON "events" USING btree ("beer_counter" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quiz_answers_question_idx" ON "quiz_answers" USING btree ("question_id","option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_options_question_order_key" ON "quiz_options" USING btree ("question_id","option_order");--> statement-breakpoint
CREATE INDEX "quiz_plays_quiz_finished_idx" ON "quiz_plays" USING btree ("quiz_id","finished_at");--> statement-breakpoint
CREATE INDEX "quiz_plays_quiz_visitor_idx" ON "quiz_plays" USING btree ("quiz_id","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_plays_counted_key" ON "quiz_plays" USING btree ("quiz_id","visitor_id") WHERE "quiz_plays"."counted";--> statement-breakpoint
CREATE INDEX "quiz_questions_quiz_order_idx" ON "quiz_questions" USING btree ("quiz_id","question_order");--> statement-breakpoint
CREATE INDEX "quizzes_active_created_at_idx" ON "quizzes" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_category_idx" ON "quizzes" USING btree ("category");--> statement-breakpoint
CREATE INDEX "reports_created_at_idx" ON "reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_event_id_idx" ON "reports" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");