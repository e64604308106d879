import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { queryRows } from "~/lib/db.server";
import type { BeerClick } from "./beer-activity";

/** Every accepted beer click in the last `hours`, newest first, with its event's title, city and place. */
export async function listBeerClicks(db: Db, hours: number, now = new Date()): Promise<BeerClick[]> {
  const since = new Date(now.getTime() - hours * 3_600_000);
  const rows = await queryRows<{
    event_id: string;
    title: string;
    city: string;
    place: string | null;
    user_identifier: string;
    clicked_at: string | Date;
  }>(
    db,
    sql`select c.event_id, e.title, e.city, e.location_name as place, c.user_identifier, c.clicked_at
        from beer_clicks c join events e on e.id = c.event_id
        where c.clicked_at >= ${since.toISOString()}::timestamptz and c.clicked_at <= ${now.toISOString()}::timestamptz
        order by c.clicked_at desc, c.id desc
        limit 10000`,
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    title: r.title,
    city: r.city,
    place: r.place ?? "",
    userIdentifier: r.user_identifier,
    clickedAt: new Date(r.clicked_at).toISOString(),
  }));
}
