CREATE TABLE "tonight_checks" (
	"event_id" uuid NOT NULL,
	"night_date" date NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tonight_checks_event_id_night_date_user_id_pk" PRIMARY KEY("event_id","night_date","user_id")
);
--> statement-breakpoint
ALTER TABLE "event_hosts" ADD COLUMN "morning_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tonight_confirmed_on" date;--> statement-breakpoint
ALTER TABLE "tonight_checks" ADD CONSTRAINT "tonight_checks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tonight_checks" ADD CONSTRAINT "tonight_checks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tonight_checks_night_date_idx" ON "tonight_checks" USING btree ("night_date");