CREATE TABLE "event_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"time" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_exceptions_kind_check" CHECK ("event_exceptions"."kind" in ('cancelled', 'extra')),
	CONSTRAINT "event_exceptions_time_check" CHECK (("event_exceptions"."kind" = 'extra') = ("event_exceptions"."time" is not null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence_anchor" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence_week" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD CONSTRAINT "event_exceptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_exceptions_event_date_kind_key" ON "event_exceptions" USING btree ("event_id","date","kind");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_recurrence_week_check" CHECK ("events"."recurrence_week" is null or "events"."recurrence_week" in (1, 2, 3, 4, -1));--> statement-breakpoint
-- Existing rows (decision 011): the rule starts on start_time's Stockholm date, moved back by whole
-- fortnights to no later than the day the event was created, so it keeps its weekday and its
-- every-second-week parity and covers the listing's whole life.
UPDATE "events" SET "recurrence_anchor" =
  ("start_time" AT TIME ZONE 'Europe/Stockholm')::date
  - 14 * ceil(greatest(0, ("start_time" AT TIME ZONE 'Europe/Stockholm')::date
                          - ("created_at" AT TIME ZONE 'Europe/Stockholm')::date) / 14.0)::int;--> statement-breakpoint
-- Monthly rows keep the weekday of the month their start_time falls on; a fifth one means the last.
UPDATE "events" SET "recurrence_week" =
  CASE WHEN ceil(extract(day FROM ("start_time" AT TIME ZONE 'Europe/Stockholm')) / 7.0) >= 5 THEN -1
       ELSE ceil(extract(day FROM ("start_time" AT TIME ZONE 'Europe/Stockholm')) / 7.0)::int END
  WHERE "recurrence" = 'monthly';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_monthly_week_check" CHECK (("events"."recurrence" = 'monthly') = ("events"."recurrence_week" is not null));