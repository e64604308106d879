import fs from "node:fs";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { listReferencedImages } from "../../app/features/images/image-lifecycle.server";
import { type Db, queryRows } from "../../app/lib/db.server";
import { parseImageUrl, type Storage } from "../../app/lib/storage.server";

/**
 * One backup format for both databases: gzipped NDJSON. The first line is a header; then, per table, a
 * `{"table": …}` line followed by one `to_jsonb(row)` line per row. Rows are read back with
 * `jsonb_populate_recordset`, so every column type (timestamps, arrays, jsonb, identities) round-trips
 * through PostgreSQL's own conversions rather than ours. Since version 2 an `{"section":"images"}` line
 * may follow the tables, then one `{"image": <address>, "base64": …}` line per uploaded original a row
 * shows (variants are made again on request).
 */
export const BACKUP_FORMAT = "quizkvall-backup";
export const BACKUP_VERSION = 2;

export const IMAGES_SECTION = '{"section":"images"}';
export type ImageLine = { image: string; base64: string };

const FETCH_BATCH = 5_000;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migration: string | null;
  tables: string[];
  /** True when an images section follows the tables (absent in version 1, false when images live in a bucket). */
  images?: boolean;
};

export type BackupSummary = {
  tables: Record<string, number>;
  rows: number;
  images: number;
  /** Addresses a row shows whose file was not in storage when the backup was written. */
  missingImages: string[];
};

type TableRef = { table: string };

export function ident(name: string) {
  return sql.raw(`"${name.replaceAll('"', '""')}"`);
}

/**
 * Tables that hold no content: cache generations (decision 020) are written by triggers as the content is
 * restored, so they are neither backed up nor restored nor count as content.
 */
const DERIVED_TABLES = new Set(["cache_versions"]);

/** Every table of the public schema, parents before children (so inserts satisfy foreign keys). */
export async function listTables(db: Db): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !DERIVED_TABLES.has(name));
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (s: string) => s.replace(/^"(.*)"$/, "$1").replaceAll('""', '"');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const e of edges) {
    const child = unquote(e.child);
    const parent = unquote(e.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (ordered.includes(t)) return;
    if (visiting.has(t)) throw new Error(`foreign-key cycle through ${t}`);
    visiting.add(t);
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p);
    visiting.delete(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t);
  return ordered;
}

export async function latestMigration(db: Db): Promise<string | null> {
  try {
    const rows = await queryRows<{ hash: string }>(
      db,
      sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    return rows[0]?.hash ?? null;
  } catch {
    return null;
  }
}

/**
 * Writes a consistent backup: every table is read inside one repeatable-read, read-only transaction, so
 * the file is a single snapshot even while the PostgreSQL server keeps taking writes. With `images` (the
 * local uploads), the originals that snapshot's rows show follow the tables; an image's bytes never change
 * under its address, so reading them after the snapshot gives the same bytes.
 */
export async function writeBackup(
  db: Db,
  file: string,
  options: { images?: Storage | null } = {},
): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: {}, rows: 0, images: 0, missingImages: [] };
  let imageUrls = new Set<string>();
  const out = new PassThrough();
  const done = pipeline(out, zlib.createGzip({ level: 6 }), fs.createWriteStream(`${file}.partial`));
  const write = (line: string) =>
    out.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r()));

  await db.transaction(
    async (tx) => {
      const tables = await listTables(tx as unknown as Db);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migration: await latestMigration(tx as unknown as Db),
        tables,
        images: Boolean(options.images),
      };
      await write(JSON.stringify(header));
      for (const table of tables) {
        await write(JSON.stringify({ table } satisfies TableRef));
        let count = 0;
        // A cursor streams big tables in batches without OFFSET's quadratic cost.
        await tx.execute(
          sql`declare backup_cursor no scroll cursor for select to_jsonb(t)::text as row from ${ident(table)} t`,
        );
        for (;;) {
          const rows = await queryRows<{ row: string }>(
            tx as unknown as Db,
            sql.raw(`fetch forward ${FETCH_BATCH} from backup_cursor`),
          );
          for (const r of rows) await write(r.row);
          count += rows.length;
          if (rows.length < FETCH_BATCH) break;
        }
        await tx.execute(sql`close backup_cursor`);
        summary.tables[table] = count;
        summary.rows += count;
      }
      if (options.images) imageUrls = await listReferencedImages(tx as unknown as Db);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (options.images) {
    await write(IMAGES_SECTION);
    for (const url of [...imageUrls].sort()) {
      const stored = parseImageUrl(url);
      const bytes = stored ? await options.images.get(stored.bucket, stored.key) : null;
      if (!bytes) {
        summary.missingImages.push(url);
        continue;
      }
      await write(
        JSON.stringify({ image: url, base64: Buffer.from(bytes).toString("base64") } satisfies ImageLine),
      );
      summary.images += 1;
    }
  }
  out.end();
  await done;
  // Only a complete file gets the final name: a crash mid-backup never leaves a truncated "backup".
  fs.renameSync(`${file}.partial`, file);
  return summary;
}
