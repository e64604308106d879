import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { queryRows } from "~/lib/db.server";
import type { BeerClick, SummaryRow } from "./beer-activity";

/** The detailed view and its CSV list at most this many clicks (the newest); totals are always exact. */
export const DETAIL_LIMIT = 10_000;
export const CHART_BUCKETS = 12;

export type BeerActivity = {
  total: number;
  summary: SummaryRow[];
  buckets: { start: string; count: number }[];
  clicks: BeerClick[];
  truncated: boolean;
};

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The report for the last `hours`: the total, the per-event summary and the chart are aggregated in the
 * database over every click in the period (a million rows stay a few small result sets); only the detailed
 * view fetches rows, the newest DETAIL_LIMIT of them.
 */
export async function getBeerActivity(
  db: Db,
  hours: number,
  options: { now?: Date; withDetails?: boolean } = {},
): Promise<BeerActivity> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - hours * 3_600_000);
  const from = since.toISOString();
  const to = now.toISOString();
  const [summaryRows, bucketRows, clicks] = await Promise.all([
    queryRows<{
      event_id: string;
      title: string;
      city: string;
      place: string | null;
      count: number;
      first: string | Date;
      last: string | Date;
    }>(
      db,
      sql`select c.event_id, e.title, e.city, e.location_name as place, count(*)::int as count,
            min(c.clicked_at) as first, max(c.clicked_at) as last
          from beer_clicks c join events e on e.id = c.event_id
          where c.clicked_at >= ${from}::timestamptz and c.clicked_at <= ${to}::timestamptz
          group by c.event_id, e.title, e.city, e.location_name
          order by count desc, last desc`,
    ),
    queryRows<{ bucket: number; count: number }>(
      db,
      sql`select least(width_bucket(extract(epoch from clicked_at)::float8,
                   ${since.getTime() / 1000}::float8, ${now.getTime() / 1000}::float8, ${CHART_BUCKETS}::int), ${CHART_BUCKETS}::int) as bucket,
            count(*)::int as count
          from beer_clicks
          where clicked_at >= ${from}::timestamptz and clicked_at <= ${to}::timestamptz
          group by 1`,
    ),
    options.withDetails === false ? Promise.resolve([]) : listBeerClicks(db, hours, now),
  ]);
  const summary = summaryRows.map((r) => ({
    eventId: r.event_id,
    title: r.title,
    city: r.city,
    place: r.place ?? "",
    count: Number(r.count),
    first: iso(r.first),
    last: iso(r.last),
  }));
  const size = (now.getTime() - since.getTime()) / CHART_BUCKETS;
  const buckets = Array.from({ length: CHART_BUCKETS }, (_, i) => ({
    start: new Date(since.getTime() + i * size).toISOString(),
    count: 0,
  }));
  for (const row of bucketRows) buckets[Number(row.bucket) - 1].count = Number(row.count);
  const total = summary.reduce((sum, r) => sum + r.count, 0);
  return {
    total,
    summary,
    buckets,
    clicks,
    truncated: clicks.length < total && options.withDetails !== false,
  };
}

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
        limit ${DETAIL_LIMIT}`,
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
