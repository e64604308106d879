import { sql } from "drizzle-orm";
import { HOUR_MS } from "~/features/beers/public";
import type { Db } from "~/lib/db.server";
import { onlyRow, queryRows } from "~/lib/db.server";
import {
  type BeerClick,
  type ChartBucket,
  type SummaryRow,
  splitBuckets,
  splitPeriod,
} from "./beer-activity";

/** The detailed view and its CSV list at most this many clicks (the newest); totals are always exact. */
export const DETAIL_LIMIT = 10_000;
/** The page shows the summary and the detailed list this many rows at a time (the CSV has them all). */
export const SUMMARY_PAGE_SIZE = 50;
export const DETAIL_PAGE_SIZE = 100;
const CHART_BUCKETS = 12;

export type BeerActivity = {
  total: number;
  summary: SummaryRow[];
  buckets: ChartBucket[];
  clicks: BeerClick[];
  truncated: boolean;
};

const iso = (value: string | Date) => new Date(value).toISOString();

const ROLLUP_TABLES = { daily: "beer_click_days", hourly: "beer_click_hours" } as const;

function bounds(part: { source: string; from: number; to: number }, periodEnd: number) {
  const from = sql`${new Date(part.from).toISOString()}::timestamptz`;
  const to =
    part.source === "raw" && part.to === periodEnd
      ? sql`${new Date(part.to).toISOString()}::timestamptz + interval '1 microsecond'`
      : sql`${new Date(part.to).toISOString()}::timestamptz`;
  return { from, to };
}

/** Totals, summary and chart are aggregated in SQL (a million clicks stay small); only details fetch rows. */
export async function getBeerActivity(
  db: Db,
  hours: number,
  options: { now?: Date; withDetails?: boolean; details?: ClickWindow } = {},
): Promise<BeerActivity> {
  const now = options.now ?? new Date();
  const end = now.getTime();
  const start = end - hours * HOUR_MS;
  const size = (end - start) / CHART_BUCKETS;
  const summaryParts = splitPeriod(hours, now).map((part) => {
    const { from, to } = bounds(part, end);
    return part.source === "raw"
      ? sql`select c.event_id, count(*)::int, min(c.clicked_at), max(c.clicked_at)
            from beer_clicks c where c.clicked_at >= ${from} and c.clicked_at < ${to} group by c.event_id`
      : sql`select r.event_id, r.clicks, r.first_at, r.last_at
            from ${sql.identifier(ROLLUP_TABLES[part.source])} r where r.start >= ${from} and r.start < ${to}
            union all
            select p.event_id, count(*)::int, min(p.clicked_at), max(p.clicked_at)
            from beer_click_pending p where p.clicked_at >= ${from} and p.clicked_at < ${to} group by p.event_id`;
  });
  const bucketParts = splitBuckets(hours, now, CHART_BUCKETS).map((part) => {
    const { from, to } = bounds(part, end);
    return part.source === "raw"
      ? sql`select ${part.bucket}::int, count(*)::int
            from beer_clicks c where c.clicked_at >= ${from} and c.clicked_at < ${to}`
      : sql`select ${part.bucket}::int, sum(r.clicks)::int
            from beer_click_hours r where r.start >= ${from} and r.start < ${to}
            union all
            select ${part.bucket}::int, count(*)::int
            from beer_click_pending p where p.clicked_at >= ${from} and p.clicked_at < ${to}`;
  });
  const [rows, bucketRows, clicks] = await Promise.all([
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
      sql`select e.id as event_id, e.title, e.city, e.location_name as place, t.count, t.first, t.last
          from (
            select event_id, sum(clicks)::int as count, min(first) as first, max(last) as last
            from (${sql.join(summaryParts, sql` union all `)}) p (event_id, clicks, first, last)
            group by event_id
          ) t join events e on e.id = t.event_id
          order by t.count desc, t.last desc`,
    ),
    queryRows<{ bucket: number; count: number | null }>(
      db,
      sql`select bucket, sum(clicks)::int as count
          from (${sql.join(bucketParts, sql` union all `)}) p (bucket, clicks)
          group by bucket`,
    ),
    options.withDetails === false ? Promise.resolve([]) : listBeerClicks(db, hours, now, options.details),
  ]);
  const summary: SummaryRow[] = rows.map((r) => ({
    eventId: r.event_id,
    title: r.title,
    city: r.city,
    place: r.place ?? "",
    count: Number(r.count),
    first: iso(r.first),
    last: iso(r.last),
  }));
  const buckets = Array.from({ length: CHART_BUCKETS }, (_, i) => ({
    start: new Date(start + i * size).toISOString(),
    count: 0,
  }));
  for (const row of bucketRows) {
    const bucket = buckets[Number(row.bucket)];
    if (bucket) bucket.count = Number(row.count ?? 0);
  }
  const total = summary.reduce((sum, r) => sum + r.count, 0);
  return {
    total,
    summary,
    buckets,
    clicks,
    truncated: total > DETAIL_LIMIT && options.withDetails !== false,
  };
}

export type ClickWindow = { offset: number; limit: number };

async function listBeerClicks(
  db: Db,
  hours: number,
  now = new Date(),
  window: ClickWindow = { offset: 0, limit: DETAIL_LIMIT },
): Promise<BeerClick[]> {
  const since = new Date(now.getTime() - hours * HOUR_MS);
  const offset = Math.min(window.offset, DETAIL_LIMIT);
  const limit = Math.max(0, Math.min(window.limit, DETAIL_LIMIT - offset));
  // Two JSON texts (clicks, their events) cost the server less than ten thousand driver rows.
  const rows = await queryRows<{ clicks: string; events: string }>(
    db,
    sql`with c as (
          select id, event_id, user_identifier, clicked_at from beer_clicks
          where clicked_at >= ${since.toISOString()}::timestamptz and clicked_at <= ${now.toISOString()}::timestamptz
          order by clicked_at desc, id desc
          limit ${limit} offset ${offset}
        )
        select
          (select coalesce(json_agg(json_build_array(event_id, user_identifier, clicked_at)
             order by clicked_at desc, id desc), '[]') from c)::text as clicks,
          (select coalesce(json_object_agg(e.id, json_build_array(e.title, e.city, e.location_name)), '{}')
             from events e where e.id in (select event_id from c))::text as events`,
  );
  const row = onlyRow(rows);
  const clicks = JSON.parse(row.clicks) as [string, string, string][];
  const events = JSON.parse(row.events) as Record<string, [string, string, string | null]>;
  return clicks.map(([eventId, userIdentifier, clickedAt]) => {
    const [title, city, place] = events[eventId] ?? ["", "", null];
    return { eventId, title, city, place: place ?? "", userIdentifier, clickedAt: iso(clickedAt) };
  });
}
