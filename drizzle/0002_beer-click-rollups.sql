CREATE TABLE "beer_click_days" (
	"event_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"clicks" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "beer_click_days_event_id_start_pk" PRIMARY KEY("event_id","start"),
	CONSTRAINT "beer_click_days_clicks_check" CHECK ("beer_click_days"."clicks" > 0)
);
--> statement-breakpoint
CREATE TABLE "beer_click_hours" (
	"event_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"clicks" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "beer_click_hours_event_id_start_pk" PRIMARY KEY("event_id","start"),
	CONSTRAINT "beer_click_hours_clicks_check" CHECK ("beer_click_hours"."clicks" > 0)
);
--> statement-breakpoint
DROP INDEX "beer_clicks_clicked_at_idx";--> statement-breakpoint
ALTER TABLE "beer_click_days" ADD CONSTRAINT "beer_click_days_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beer_click_hours" ADD CONSTRAINT "beer_click_hours_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beer_click_days_start_idx" ON "beer_click_days" USING btree ("start","event_id","clicks","first_at","last_at");--> statement-breakpoint
CREATE INDEX "beer_click_hours_start_idx" ON "beer_click_hours" USING btree ("start","event_id","clicks","first_at","last_at");--> statement-breakpoint
CREATE INDEX "beer_click_hours_start_clicks_idx" ON "beer_click_hours" USING btree ("start","clicks");--> statement-breakpoint
CREATE INDEX "beer_clicks_clicked_at_idx" ON "beer_clicks" USING btree ("clicked_at","id","event_id","user_identifier");--> statement-breakpoint
-- Backfill: the roll-ups of every click logged before this migration (UTC hours and days, as recordBeer
-- writes them).
INSERT INTO "beer_click_hours" ("event_id", "start", "clicks", "first_at", "last_at")
SELECT "event_id", date_trunc('hour', "clicked_at", 'UTC'), count(*)::int, min("clicked_at"), max("clicked_at")
FROM "beer_clicks"
GROUP BY 2, 1
ORDER BY 2, 1;--> statement-breakpoint
INSERT INTO "beer_click_days" ("event_id", "start", "clicks", "first_at", "last_at")
SELECT "event_id", date_trunc('day', "start", 'UTC'), sum("clicks")::int, min("first_at"), max("last_at")
FROM "beer_click_hours"
GROUP BY 2, 1
ORDER BY 2, 1;
