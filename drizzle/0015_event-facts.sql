ALTER TABLE "events" ADD COLUMN "entry_fee" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "prize" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "difficulty" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "wheelchair_accessible" boolean;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_entry_fee_check" CHECK ("events"."entry_fee" is null or "events"."entry_fee" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_booking_check" CHECK ("events"."booking" is null or "events"."booking" in ('none', 'recommended', 'required'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_booking_url_check" CHECK ("events"."booking_url" is null or ("events"."booking_url" like 'https://%' and length("events"."booking_url") <= 500));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_prize_check" CHECK ("events"."prize" is null or length("events"."prize") between 1 and 200);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_difficulty_check" CHECK ("events"."difficulty" is null or "events"."difficulty" in ('easy', 'medium', 'hard'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_language_check" CHECK ("events"."language" is null or "events"."language" in ('sv', 'en'));