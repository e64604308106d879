CREATE TABLE "beer_click_pending" (
	"click_id" bigint PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beer_click_pending" ADD CONSTRAINT "beer_click_pending_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beer_click_pending_event_id_idx" ON "beer_click_pending" USING btree ("event_id","clicked_at");