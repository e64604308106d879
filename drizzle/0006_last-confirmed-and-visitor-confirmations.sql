CREATE TABLE "event_confirmations" (
	"event_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"visitor_id" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_confirmations_event_id_occurrence_date_visitor_id_pk" PRIMARY KEY("event_id","occurrence_date","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "last_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_confirmations" ADD CONSTRAINT "event_confirmations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing listings count as confirmed at their last change (decision 015).
UPDATE "events" SET "last_confirmed_at" = "updated_at" WHERE "last_confirmed_at" IS NULL;
