CREATE TABLE "cache_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 020: every change to what the event listing shows (events, their beer counters, their cancelled and
-- extra dates) bumps the listing's version in the same transaction, whichever instance or script writes it.
-- Row-level, so a statement that changes nothing (a skåla in its cooldown) takes no lock on the version row.
-- The row appears with the first write (a missing row reads as version 0), so a freshly migrated database
-- still counts as empty for seeding and restoring.
CREATE FUNCTION "bump_event_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("scope", "version") VALUES ('event-list', 1)
    ON CONFLICT ("scope") DO UPDATE SET "version" = "cache_versions"."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "events_bump_event_list_version" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "bump_event_list_version"();
--> statement-breakpoint
CREATE TRIGGER "events_truncate_bump_event_list_version" AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_event_list_version"();
--> statement-breakpoint
CREATE TRIGGER "event_exceptions_bump_event_list_version" AFTER INSERT OR UPDATE OR DELETE ON "event_exceptions"
  FOR EACH ROW EXECUTE FUNCTION "bump_event_list_version"();
--> statement-breakpoint
CREATE TRIGGER "event_exceptions_truncate_bump_event_list_version" AFTER TRUNCATE ON "event_exceptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_event_list_version"();
