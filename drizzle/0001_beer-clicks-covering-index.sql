DROP INDEX "beer_clicks_clicked_at_idx";--> statement-breakpoint
CREATE INDEX "beer_clicks_clicked_at_idx" ON "beer_clicks" USING btree ("clicked_at" DESC NULLS LAST,"event_id","user_identifier");