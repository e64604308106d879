ALTER TABLE "events" ADD COLUMN "email_set_by_host" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "via_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sessions made before links were marked cannot be told apart: everyone signs in once more.
DELETE FROM "session";
