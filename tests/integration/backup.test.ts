import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, assert, describe, expect, it } from "vitest";
import { seedDemoContent } from "~/demo/seed.server";
import { listReferencedImages } from "~/features/images/image-lifecycle.server";
import { serveImage } from "~/features/images/image-route.server";
import { saveUploadedImage } from "~/features/images/upload.server";
import { type Db, type DbHandle, getDb, queryRows } from "~/lib/db.server";
import { getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { getStorage, LocalStorage, parseImageUrl } from "~/lib/storage.server";
import { generateBenchData } from "../../bench/lib/generate-data";
import { ident, listTables, writeBackup } from "../../scripts/lib/backup";
import { RestoreError, restoreBackup } from "../../scripts/lib/restore";
import { openTestDatabase } from "../support/test-db";

/** Every table's rows in a canonical order, for comparing two databases. */
async function tableFingerprints(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select to_jsonb(t)::text as row from ${ident(table)} t order by 1`,
    );
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

/** No table the backup holds has a row. */
async function isEmpty(db: Db): Promise<boolean> {
  return Object.values(await tableFingerprints(db)).every((rows) => rows.length === 0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-backup-"));
const opened: DbHandle[] = [];
afterAll(async () => {
  for (const h of opened) await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fillEveryTable() {
  const db = getDb();
  await seedDemoContent(db, getStorage());
  await generateBenchData(db, {
    events: 30,
    beerClicks: 2_500,
    beerVisitors: 400,
    days: 30,
    quizzes: 3,
    questionsPerQuiz: 4,
    plays: 200,
  });
  // Rows with awkward values: quotes, newlines, unicode, null, arrays and jsonb.
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('u-1', 'Åsa "Quiz" O''Brien' || chr(10) || '🍺', 'asa@example.se', true, now(), now())`);
  await db.execute(sql`insert into user_roles (user_id, role) values ('u-1', 'admin')`);
  await db.execute(sql`insert into one_time_passwords (user_id, password_hash) values ('u-1', 'salt:hash')`);
  await db.execute(sql`insert into reports (event_id, report_type, title, description, reporter_name)
    select id, 'other', 'Fel tid', 'Står "20:00" men är 19:30\\n', null from events limit 1`);
  await db.execute(sql`insert into job_runs (job, slot, claimed_by, status, result)
    values ('beer-reset', '2026-11-22', 'test', 'succeeded', '{"reset": 3, "nested": {"a": [1, null]}}')`);
  await db.execute(
    sql`insert into quiz_votes (quiz_id, visitor_id, vote) select id, 'v-1', 'up' from quizzes limit 1`,
  );
  await db.execute(sql`insert into quiz_question_reports (question_id, visitor_id, reason)
    select id, 'v-1', 'unclear' from quiz_questions limit 1`);
  await db.execute(sql`insert into rate_limits (key, count, window_start) values ('beer:1.2.3.4', 3, now())`);
  await db.execute(sql`insert into event_exceptions (event_id, date, kind, time, note)
    select id, date '2026-12-01', 'cancelled', null, 'Julbord; "stängt"' from events limit 1`);
  await db.execute(sql`insert into event_confirmations (event_id, occurrence_date, visitor_id, confirmed_at)
    select id, date '2026-11-24', 'v-1', now() from events limit 1`);
  await db.execute(sql`insert into mail_outbox (kind, recipient, subject, text, html, headers, message_id,
    next_attempt_at, created_at) values ('sign-up', 'asa@example.se', 'Välkommen', 'Hej!' || chr(10), '<p>Hej</p>',
    '{"List-Unsubscribe": "<https://quizkvall.example/avsluta>"}', '<m-1@quizkvall.example>', now(), now())`);
  await db.execute(
    sql`insert into list_recipients (email, manage_token) values ('asa@example.se', 'm-token')`,
  );
  await db.execute(sql`insert into list_subscriptions (email, topic, event_id, confirm_token, unsubscribe_token,
    requested_at, confirmed_at) select 'asa@example.se', 'event', id, 'c-token', 'u-token', now(), now() from events limit 1`);
  await db.execute(sql`insert into list_subscriptions (email, topic, unsubscribe_token, requested_at)
    values ('asa@example.se', 'nutidsquiz', 'u-token-2', now())`);
  await db.execute(sql`insert into list_reminders (subscription_id, occurrence_date)
    select id, date '2026-12-04' from list_subscriptions where topic = 'event'`);
  await db.execute(sql`insert into personal_feeds (key, event_ids, updated_at)
    select 'feed-key', array_agg(id), now() from (select id from events limit 2) e`);
  await db.execute(sql`insert into event_hosts (event_id, user_id) select id, 'u-1' from events limit 1`);
  await db.execute(sql`insert into host_claims (event_id, name, email, venue_role, message)
    select id, 'Åsa', 'asa@example.se', 'Quizmaster', 'Jag håller i "quizet"' from events limit 1`);
  await db.execute(sql`insert into event_changes (event_id, actor_id, actor_role, field, before, after)
    select id, 'u-1', 'host', 'schedule', '[{"time": "19:00", "weekday": "Tisdag"}]',
    '[{"time": "19:30", "weekday": "Tisdag"}]' from events limit 1`);
  await db.execute(sql`insert into freshness_checks (event_id, cycle, mailed, answer, answered_at)
    select id, timestamptz '2026-09-01 10:00+02', 1, 'confirmed', now() from events limit 1`);
  await db.execute(sql`insert into leagues (name, code) values ('Fikarummet', 'league-code')`);
  await db.execute(sql`insert into league_members (league_id, visitor_id, nickname, key_hash, is_creator)
    select id, 'v-1', 'Åsa', 'key-hash', true from leagues`);
  await db.execute(sql`insert into list_subscription_leagues (subscription_id, league_id)
    select s.id, l.id from list_subscriptions s, leagues l where s.topic = 'nutidsquiz'`);
  await db.execute(sql`insert into tonight_checks (event_id, night_date, user_id)
    select id, date '2026-12-01', 'u-1' from events limit 1`);
  await db.execute(sql`insert into night_not_held_reports (event_id, occurrence_date, visitor_id, reported_at)
    select id, date '2026-11-24', 'v-1', now() from events limit 1`);
  // A click the flusher has not yet added to the roll-ups.
  await db.execute(sql`insert into beer_click_pending (click_id, event_id, clicked_at)
    select id, event_id, clicked_at from beer_clicks order by id desc limit 1`);
  await db.execute(
    sql`insert into list_quiz_issues (quiz_id, mailed_at, recipients) select id, now(), 1 from quizzes limit 1`,
  );
}

describe("backup and restore", () => {
  it("round-trips every table row for row, keeps identity sequences going, and refuses to overwrite", async () => {
    await fillEveryTable();
    const source = getDb();
    const tables = await listTables(source);
    const before = await tableFingerprints(source);
    // Every table the product uses except better-auth's own bookkeeping has rows, so the test means something.
    const authBookkeeping = ["account", "session", "verification", "rate_limit"];
    expect(tables.filter((t) => (before[t] ?? []).length === 0 && !authBookkeeping.includes(t))).toEqual([]);

    const file = path.join(dir, "backup.ndjson.gz");
    const written = await writeBackup(source, file);
    expect(written.tables.beer_clicks).toBe(2_500);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const target = await openTestDatabase();
    opened.push(target);
    expect(await isEmpty(target.db)).toBe(true);
    const restored = await restoreBackup(target.db, file);
    expect(restored.rows).toBe(written.rows);
    expect(await tableFingerprints(target.db)).toEqual(before);

    // New beer clicks continue after the restored ids instead of colliding with them.
    const [max] = await queryRows<{ id: number }>(target.db, sql`select max(id)::int as id from beer_clicks`);
    assert(max);
    const [inserted] = await queryRows<{ id: number }>(
      target.db,
      sql`insert into beer_clicks (event_id, user_identifier, clicked_at)
          select id, 'after-restore', now() from events limit 1 returning id::int as id`,
    );
    assert(inserted);
    expect(inserted.id).toBeGreaterThan(max.id);

    // A database with content is refused, and nothing changes.
    await expect(restoreBackup(target.db, file)).rejects.toBeInstanceOf(RestoreError);
    const [after] = await queryRows<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from beer_clicks`,
    );
    assert(after);
    expect(after.n).toBe(2_501);

    // --replace puts the backup back exactly.
    await restoreBackup(target.db, file, { replace: true });
    expect(await tableFingerprints(target.db)).toEqual(before);
  });

  it("brings the uploaded images back: restored into a fresh DATA_DIR, every image a row shows answers 200", async () => {
    const source = getDb();
    // An upload a quiz shows, and one no row shows (which the backup leaves out).
    const shown = await saveUploadedImage(
      new File([fs.readFileSync("scripts/seed-data/images/pub-2.jpg")], "a.jpg"),
      "quiz-images",
    );
    const orphan = await saveUploadedImage(
      new File([fs.readFileSync("scripts/seed-data/images/pub-3.jpg")], "b.jpg"),
      "quiz-images",
    );
    assert(shown.ok && orphan.ok);
    await source.execute(
      sql`update quizzes set image_url = ${shown.url} where id = (select id from quizzes order by created_at, id limit 1)`,
    );
    const urls = [...(await listReferencedImages(source))];
    expect(urls).toContain(shown.url);
    expect(urls.filter((u) => u.startsWith("/images/event-images/demo-")).length).toBeGreaterThan(5);

    const file = path.join(dir, "with-images.ndjson.gz");
    const written = await writeBackup(source, file, { images: getStorage() });
    expect(written.images).toBe(urls.length);
    expect(written.missingImages).toEqual([]);

    const baseEnv = getEnv();
    const freshDir = fs.mkdtempSync(path.join(dir, "fresh-data-"));
    const target = await openTestDatabase();
    opened.push(target);
    const restored = await restoreBackup(target.db, file, {
      images: new LocalStorage(path.join(freshDir, "uploads")),
    });
    expect(restored.images).toBe(urls.length);
    expect(await tableFingerprints(target.db)).toEqual(await tableFingerprints(source));

    setEnv(
      parseEnv({ NODE_ENV: "test", DATA_DIR: freshDir, PUBLIC_URL: baseEnv.publicUrl, LOG_LEVEL: "silent" }),
    );
    try {
      for (const url of await listReferencedImages(target.db)) {
        const stored = parseImageUrl(url);
        assert(stored);
        const original = await serveImage(new Request(`http://localhost${url}`), stored.bucket, stored.key);
        expect(original.status, url).toBe(200);
        const variant = await serveImage(
          new Request(`http://localhost${url}?w=320`),
          stored.bucket,
          stored.key,
        );
        expect(variant.status, url).toBe(200);
      }
      const orphanKey = parseImageUrl(orphan.url)?.key ?? "";
      expect(await getStorage().get("quiz-images", orphanKey)).toBeNull();
    } finally {
      setEnv(baseEnv);
    }
  });

  it("rejects a file that is not a backup, and a truncated one leaves the database untouched", async () => {
    const target = await openTestDatabase();
    opened.push(target);
    const junk = path.join(dir, "junk.gz");
    fs.writeFileSync(junk, (await import("node:zlib")).gzipSync("hello\n"));
    await expect(restoreBackup(target.db, junk)).rejects.toThrow(/not a Quizkväll backup/);
    await expect(restoreBackup(target.db, path.join(dir, "missing.gz"))).rejects.toThrow(/no such backup/);

    // A backup whose rows break a constraint fails as a whole: no half-restored tables.
    const file = path.join(dir, "backup.ndjson.gz");
    const zlib = await import("node:zlib");
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString().split("\n");
    const broken = path.join(dir, "broken.gz");
    fs.writeFileSync(broken, zlib.gzipSync(`${lines.join("\n")}\n{"table":"events"}\n{"id":"not-a-uuid"}\n`));
    await expect(restoreBackup(target.db, broken)).rejects.toThrow();
    expect(await isEmpty(target.db)).toBe(true);
  });
});
