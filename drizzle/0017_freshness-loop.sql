CREATE TABLE "freshness_checks" (
	"event_id" uuid NOT NULL,
	"cycle" timestamp with time zone NOT NULL,
	"mailed" integer DEFAULT 0 NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freshness_checks_event_id_cycle_pk" PRIMARY KEY("event_id","cycle"),
	CONSTRAINT "freshness_checks_answer_check" CHECK ("freshness_checks"."answer" is null or "freshness_checks"."answer" in ('confirmed', 'ended')),
	CONSTRAINT "freshness_checks_answered_check" CHECK (("freshness_checks"."answer" is null) = ("freshness_checks"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "night_not_held_reports" (
	"event_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"visitor_id" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "night_not_held_reports_event_id_occurrence_date_visitor_id_pk" PRIMARY KEY("event_id","occurrence_date","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ended_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "freshness_checks" ADD CONSTRAINT "freshness_checks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_not_held_reports" ADD CONSTRAINT "night_not_held_reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "night_not_held_reports_open_idx" ON "night_not_held_reports" USING btree ("event_id") WHERE "night_not_held_reports"."resolved_at" is null;