CREATE TABLE "list_quiz_issues" (
	"quiz_id" uuid PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_recipients" (
	"email" text PRIMARY KEY NOT NULL,
	"manage_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_recipients_manage_token_unique" UNIQUE("manage_token")
);
--> statement-breakpoint
CREATE TABLE "list_reminders" (
	"subscription_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_reminders_subscription_id_occurrence_date_pk" PRIMARY KEY("subscription_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "list_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"event_id" uuid,
	"confirm_token" text,
	"unsubscribe_token" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_subscriptions_confirm_token_unique" UNIQUE("confirm_token"),
	CONSTRAINT "list_subscriptions_unsubscribe_token_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "list_subscriptions_email_topic_event_key" UNIQUE NULLS NOT DISTINCT("email","topic","event_id"),
	CONSTRAINT "list_subscriptions_topic_check" CHECK ("list_subscriptions"."topic" in ('event', 'nutidsquiz')),
	CONSTRAINT "list_subscriptions_event_check" CHECK (("list_subscriptions"."topic" = 'event') = ("list_subscriptions"."event_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "personal_feeds" (
	"key" text PRIMARY KEY NOT NULL,
	"event_ids" uuid[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personal_feeds_size_check" CHECK (cardinality("personal_feeds"."event_ids") <= 100)
);
--> statement-breakpoint
ALTER TABLE "list_quiz_issues" ADD CONSTRAINT "list_quiz_issues_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_reminders" ADD CONSTRAINT "list_reminders_subscription_id_list_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."list_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_subscriptions" ADD CONSTRAINT "list_subscriptions_email_list_recipients_email_fk" FOREIGN KEY ("email") REFERENCES "public"."list_recipients"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_subscriptions" ADD CONSTRAINT "list_subscriptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_subscriptions_event_idx" ON "list_subscriptions" USING btree ("event_id") WHERE "list_subscriptions"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "list_subscriptions_topic_idx" ON "list_subscriptions" USING btree ("topic") WHERE "list_subscriptions"."confirmed_at" is not null;