import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { eventHosts, listSubscriptions, user } from "~/db/schema";
import { getAuth, resetAuth } from "~/features/auth/auth.server";
import { grantAdmin } from "~/features/auth/roles.server";
import { requestList } from "~/features/follows/subscriptions.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { parseEnv, setEnv } from "~/lib/env.server";
import { insertEvent } from "./factories";
import {
  createPostgresDatabase,
  freePort,
  type SpawnedServer,
  spawnServer,
  stopServer,
  tempDataDir,
} from "./spawn-server";

const PASSWORD = "betrott-losen-123";
const AUTH_SECRET = "t".repeat(40);

export type PreparedServer = {
  server: SpawnedServer;
  base: string;
  dataDir: string;
  event: { id: string; slug: string };
  /** Cookie headers of a signed-in admin and of a signed-in host of `event` (an ordinary account otherwise). */
  adminCookie: string;
  hostCookie: string;
  /** Addresses on the NutidsQuiz list, unconfirmed, each with its unsubscribe link's token. */
  subscribers: { email: string; unsubscribeToken: string }[];
  stop: () => Promise<void>;
};

/**
 * A production server of its own on a database made beforehand through the app's own functions: an admin
 * and a host with passwords of their own (better-auth's sign-up), an event the host hosts, and `subscribers`
 * addresses on a list (their confirmation mails wait in the outbox for the server to deliver). On PostgreSQL
 * when TEST_DATABASE_URL is set, else on the embedded database. Needs `npm run build` first.
 */
/** The prepared event's contact address. */
export const LISTING_EMAIL = "lokalen@example.se";

export async function startPreparedServer(
  options: { subscribers: number; env?: Record<string, string> } = { subscribers: 0 },
): Promise<PreparedServer> {
  const dataDir = tempDataDir("prepared");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const postgresDb = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const database: Record<string, string> = postgresDb ? { DATABASE_URL: postgresDb.url, AUTH_SECRET } : {};

  setEnv(
    parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: "silent", ...database }),
  );
  const handle = await openDatabase(
    postgresDb
      ? { kind: "postgres", url: postgresDb.url }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
  );
  setDatabase(handle);
  const db = handle.db;
  // The listing's own address: a claim with it is approved at once and mailed a sign-in link.
  const event = await insertEvent(db, { email: LISTING_EMAIL });
  const [admin, host] = ["chef@example.se", "vard@example.se"];
  for (const email of [admin, host]) {
    await getAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: email.split("@")[0]! } });
  }
  await grantAdmin(db, admin);
  const [hostUser] = await db.select({ id: user.id }).from(user).where(eq(user.email, host));
  await db.insert(eventHosts).values({ eventId: event.id, userId: hostUser!.id });
  const subscribers = [];
  for (let i = 0; i < options.subscribers; i++) {
    const email = `lista-${i}@example.se`;
    await requestList(db, { email, topic: "nutidsquiz", eventId: null });
    const [row] = await db.select().from(listSubscriptions).where(eq(listSubscriptions.email, email));
    subscribers.push({ email, unsubscribeToken: row!.unsubscribeToken });
  }
  resetAuth();
  setDatabase(undefined);
  await handle.close();

  const server = await spawnServer(
    { DATA_DIR: dataDir, SEED_DEMO: "false", ...database, ...options.env },
    port,
  );
  const signIn = async (email: string) => {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };
  return {
    server,
    base,
    dataDir,
    event: { id: event.id, slug: event.slug },
    adminCookie: await signIn(admin),
    hostCookie: await signIn(host),
    subscribers,
    stop: async () => {
      await stopServer(server);
      await postgresDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
