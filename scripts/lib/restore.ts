import fs from "node:fs";
import readline from "node:readline";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { contentTypeOfKey } from "../../app/features/images/image-sniff";
import { type Db, queryRows } from "../../app/lib/db.server";
import { parseImageUrl, type Storage } from "../../app/lib/storage.server";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupSummary,
  IMAGES_SECTION,
  type ImageLine,
  ident,
  latestMigration,
  listTables,
} from "./backup";

const INSERT_BATCH = 2_000;

type TableRef = { table: string };

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreError";
  }
}

async function* readLines(file: string): AsyncGenerator<string> {
  const input: Readable = fs.createReadStream(file).pipe(zlib.createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of rl) if (line) yield line;
}

/** True when no table other than the migration bookkeeping holds a row. */
async function isEmpty(db: Db): Promise<boolean> {
  for (const table of await listTables(db)) {
    const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from ${ident(table)} limit 1`);
    if (rows.length) return false;
  }
  return true;
}

/**
 * Restores a backup in one transaction: either every row is back or nothing changed. A database with
 * content is refused unless `replace` is set, which empties every table first. The backup's images are
 * written to `images` (the configured storage) before the rows commit, so restored rows never point at a
 * missing file; if the transaction fails after all, the files are left unreferenced for the sweep.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  options: { replace?: boolean; images?: Storage | null } = {},
) {
  if (!fs.existsSync(file)) throw new RestoreError(`no such backup file: ${file}`);
  const lines = readLines(file);
  const first = await lines.next();
  let header: BackupHeader;
  try {
    header = JSON.parse(first.value ?? "") as BackupHeader;
  } catch {
    throw new RestoreError(`${file} is not a Quizkväll backup`);
  }
  if (header.format !== BACKUP_FORMAT) throw new RestoreError(`${file} is not a Quizkväll backup`);
  if (header.version > BACKUP_VERSION)
    throw new RestoreError(`${file} was written by a newer version (format ${header.version})`);
  const current = await latestMigration(db);
  if (header.migration && current && header.migration !== current)
    throw new RestoreError(
      "the backup was taken at another schema version than this database; restore it with the same release that wrote it",
    );

  const tables = await listTables(db);
  const unknown = header.tables.filter((t) => !tables.includes(t));
  if (unknown.length)
    throw new RestoreError(`the backup has tables this database lacks: ${unknown.join(", ")}`);

  const summary: BackupSummary = { tables: {}, rows: 0, images: 0, missingImages: [] };
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (!(await isEmpty(t))) {
      if (!options.replace)
        throw new RestoreError(
          "the database already has content; run `npm run db:restore -- <file> --replace` to replace it",
        );
      await tx.execute(
        sql.raw(`truncate ${tables.map((n) => `"${n}"`).join(", ")} restart identity cascade`),
      );
    }
    let table: string | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      // OVERRIDING SYSTEM VALUE keeps the original ids of identity columns.
      await tx.execute(
        sql`insert into ${ident(table)} overriding system value select * from jsonb_populate_recordset(null::${ident(table)}, ${`[${batch.join(",")}]`}::jsonb)`,
      );
      summary.tables[table] = (summary.tables[table] ?? 0) + batch.length;
      summary.rows += batch.length;
      batch = [];
    };
    let inImages = false;
    for await (const line of lines) {
      if (line === IMAGES_SECTION) {
        await flush();
        inImages = true;
        continue;
      }
      if (inImages) {
        await restoreImage(line, options.images ?? null, summary);
        continue;
      }
      if (line.startsWith('{"table":')) {
        const next = (JSON.parse(line) as TableRef).table;
        if (!tables.includes(next)) throw new RestoreError(`unknown table in backup: ${next}`);
        await flush();
        table = next;
        summary.tables[table] = 0;
        continue;
      }
      if (!table) throw new RestoreError("malformed backup: a row before any table");
      batch.push(line);
      if (batch.length >= INSERT_BATCH) await flush();
    }
    await flush();
    // Identity sequences continue after the restored ids, so new rows never collide.
    const identities = await queryRows<{ table_name: string; column_name: string }>(
      t,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and is_identity = 'YES'`,
    );
    for (const { table_name, column_name } of identities) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${`"${table_name}"`}, ${column_name}),
              coalesce((select max(${ident(column_name)}) from ${ident(table_name)}), 0) + 1, false)`,
      );
    }
  });
  return summary;
}

async function restoreImage(line: string, storage: Storage | null, summary: BackupSummary) {
  let parsed: ImageLine;
  try {
    parsed = JSON.parse(line) as ImageLine;
  } catch {
    throw new RestoreError("malformed backup: an image line is not JSON");
  }
  const stored = typeof parsed.image === "string" ? parseImageUrl(parsed.image) : null;
  const contentType = stored ? contentTypeOfKey(stored.key) : null;
  if (!stored || !contentType || typeof parsed.base64 !== "string")
    throw new RestoreError(
      `malformed backup: not an image of this site: ${String(parsed.image).slice(0, 80)}`,
    );
  if (!storage) return;
  await storage.put(stored.bucket, stored.key, Buffer.from(parsed.base64, "base64"), contentType);
  summary.images += 1;
}
