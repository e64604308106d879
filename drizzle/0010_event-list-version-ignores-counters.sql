-- Decision 022: a skåla and the beer job change only events.beer_counter, and a confirmation only
-- events.last_confirmed_at. Neither is what the listing's version stands for: the listing reads the counters
-- again on its own every few seconds (event-list-cache.server.ts), and it does not show last_confirmed_at.
-- So an update that changes nothing but those two columns no longer bumps the version; every other change
-- (insert, delete, any other column, a column added later) still does. A column the listing starts to show
-- must not be left out here.
DROP TRIGGER "events_bump_event_list_version" ON "events";
--> statement-breakpoint
CREATE TRIGGER "events_bump_event_list_version" AFTER INSERT OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "bump_event_list_version"();
--> statement-breakpoint
CREATE TRIGGER "events_update_bump_event_list_version" AFTER UPDATE ON "events"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'beer_counter' - 'last_confirmed_at') IS DISTINCT FROM (to_jsonb(NEW) - 'beer_counter' - 'last_confirmed_at'))
  EXECUTE FUNCTION "bump_event_list_version"();
