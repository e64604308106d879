import path from "node:path";
import { isDatabaseEmpty, seedDemoContent } from "~/demo/seed.server";
import { resetAuth } from "~/features/auth/auth.server";
import { ensureFirstAdmin } from "~/features/auth/first-admin.server";
import { startBeerFlusher } from "~/features/beers/public.server";
import { startScheduler } from "~/features/jobs/job-runner.server";
import { mailsAfterAnswerQueued, startMailDelivery } from "~/features/mail/public.server";
import { getJobDefinitions } from "~/jobs.server";
import { type DbHandle, getDatabaseHandle, openDatabase, setDatabase } from "~/lib/db.server";
import { createDatabaseWatch, setDatabaseWatch } from "~/lib/db-availability.server";
import { type Env, setEnv } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { acquireDataDirLock } from "~/lib/pglite-lock.server";
import { getStorage } from "~/lib/storage.server";

/** Reached through the build's entry module, so the app has one module graph. */
export type AppRuntime = {
  handle: DbHandle;
  ready: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startApp(env: Env, logger: Logger): Promise<AppRuntime> {
  setEnv(env);
  const releaseLock = env.isEmbeddedDb ? acquireDataDirLock(env.dataDir) : () => {};
  let handle: DbHandle;
  try {
    handle = env.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: path.join(env.dataDir, "pglite") });
  } catch (error) {
    releaseLock();
    throw error;
  }
  setDatabase(handle);
  // Degraded, not failed, while the database cannot answer (docs/decisions/023).
  const watch = createDatabaseWatch({ ping: () => getDatabaseHandle().ping() });
  setDatabaseWatch(watch);
  const db = handle.db;

  const shouldSeed = env.isEmbeddedDb && env.SEED_DEMO && (await isDatabaseEmpty(db));
  if (shouldSeed) {
    const seeded = await seedDemoContent(db, getStorage());
    logger.info(seeded, "seeded demo content into the empty database");
  }
  const admin = await ensureFirstAdmin(db);
  if (admin) {
    // Shown once so the operator can sign in; never stored in plain text.
    process.stdout.write(
      `\n  Admin account created: ${admin.email}\n  One-time password:     ${admin.password}\n  (Sign in at ${env.publicUrl}/admin; it asks you to choose a password of your own.)\n\n`,
    );
  }

  const stopScheduler = startScheduler(db, getJobDefinitions(env), logger);
  const mailDelivery = startMailDelivery(db, { logger });
  // Batched (decision 046).
  const beerFlusher = startBeerFlusher(db, { logger });
  return {
    handle,
    ready: () => getDatabaseHandle().ping(),
    stop: async () => {
      // Mails are queued just after their answers: into the outbox before the database closes.
      await Promise.all([mailsAfterAnswerQueued(), stopScheduler(), mailDelivery.stop(), beerFlusher.stop()]);
      watch.stop();
      setDatabaseWatch(undefined);
      await handle.close();
      setDatabase(undefined);
      resetAuth();
      releaseLock();
    },
  };
}
