import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { listSubscriptions } from "~/db/schema";
import { INVALID_LINK_TITLE } from "~/features/follows/list-page";
import { requestList } from "~/features/follows/subscriptions.server";
import { type DbHandle, getDatabaseHandle, getDb, setDatabase } from "~/lib/db.server";
import { setDatabaseWatch } from "~/lib/db-availability.server";
import { UNAVAILABLE_HEADING } from "~/lib/unavailable";
import * as beerActivity from "~/routes/admin/beer-activity";
import * as confirm from "~/routes/public/lists/confirm";
import * as myLists from "~/routes/public/lists/my-lists";
import { sessionCookie } from "../support/admin-session";
import { pageHandler } from "../support/render-page";
import { openTestDatabase } from "../support/test-db";

/**
 * A route's error boundary shows the refusals it expects (its AppError codes) and nothing else: a database
 * that is down, unreachable or failing is answered with the site's own 503 or 500 page (root.tsx), never
 * with a route's friendly words for a visitor's mistake ("Länken fungerar inte"). Each page is served
 * whole, through React Router's server runtime and the app's entry and root.
 */
const serve = pageHandler([
  { id: "routes/public/lists/confirm", path: "utskick/bekrafta/:token", module: confirm },
  { id: "routes/public/lists/my-lists", path: "utskick/:token", module: myLists },
  { id: "routes/admin/beer-activity", path: "admin/beer-activity", module: beerActivity },
]);

const SITE_ERROR_HEADING = "Unexpected Application Error!";
const BEER_ACTIVITY_FAILED = "Kunde inte hämta öl-aktivitet";

let adminCookie: string;
let working: DbHandle;
/** A database that answers every query with an error (it has no tables): a fault, not an outage. */
let failing: PGlite;
/** A database that has gone away (closed): an outage. */
let gone: DbHandle;

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  working = getDatabaseHandle();
  failing = new PGlite();
  await failing.waitReady;
  gone = await openTestDatabase();
  await gone.close();
});

afterEach(() => {
  setDatabaseWatch(undefined);
  setDatabase(working);
});

afterAll(async () => {
  await failing.close();
});

async function page(path: string, cookie?: string) {
  const headers = cookie ? { cookie } : undefined;
  const response = await serve(new Request(`http://localhost:3000${path}`, { headers }));
  return { status: response.status, html: await response.text() };
}

/** Each way the database can fail a page's loader, set up for the next request. */
const failures: [string, () => Promise<void>, { status: number; heading: string }][] = [
  [
    "the database is known to be down",
    async () => setDatabaseWatch({ report: () => true, isDown: () => true, stop: () => {} }),
    { status: 503, heading: UNAVAILABLE_HEADING },
  ],
  [
    "the database stops answering mid-request",
    async () => setDatabase(gone),
    { status: 503, heading: UNAVAILABLE_HEADING },
  ],
  [
    "a query fails",
    async () => setDatabase({ ...working, db: drizzle({ client: failing, schema }) as DbHandle["db"] }),
    { status: 500, heading: SITE_ERROR_HEADING },
  ],
];

describe("a list mail's pages", () => {
  it("say an unknown key is an invalid link, and an old confirmation link has expired (404)", async () => {
    for (const path of ["/utskick/okand-nyckel", "/utskick/bekrafta/okand-nyckel"]) {
      const answer = await page(path);
      expect(answer.status).toBe(404);
      expect(answer.html).toContain(INVALID_LINK_TITLE);
    }
    const email = "gammal-lank@example.se";
    await requestList(
      getDb(),
      { email, topic: "nutidsquiz", eventId: null },
      new Date("2020-01-01T12:00:00Z"),
    );
    const [row] = await getDb().select().from(listSubscriptions).where(eq(listSubscriptions.email, email));
    const expired = await page(`/utskick/bekrafta/${row!.confirmToken}`);
    expect(expired.status).toBe(404);
    expect(expired.html).toContain("Länken har gått ut");
  });

  for (const [failure, fail, site] of failures) {
    it(`answer the site's ${site.status} page, not "invalid link", when ${failure}`, async () => {
      for (const path of ["/utskick/okand-nyckel", "/utskick/bekrafta/okand-nyckel"]) {
        await fail();
        const answer = await page(path);
        expect(answer.status, path).toBe(site.status);
        expect(answer.html).toContain(site.heading);
        expect(answer.html).not.toContain(INVALID_LINK_TITLE);
        expect(answer.html).not.toContain("Länken har gått ut");
      }
    });
  }
});

describe("the beer activity report", () => {
  it("shows the report while the database answers", async () => {
    const answer = await page("/admin/beer-activity", adminCookie);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Öl-aktivitet");
  });

  for (const [failure, fail, site] of failures) {
    // A database known to be down is the failure the page expects before it reads: its figures cannot be
    // read (the spec's words). One that stops mid-request is the site's 503, a fault the site's 500.
    const expected = failure === "the database is known to be down" ? BEER_ACTIVITY_FAILED : site.heading;
    it(`answers ${site.status} with "${expected}" when ${failure}`, async () => {
      await fail();
      const answer = await page("/admin/beer-activity", adminCookie);
      expect(answer.status).toBe(site.status);
      expect(answer.html).toContain(expected);
      if (expected !== BEER_ACTIVITY_FAILED) expect(answer.html).not.toContain(BEER_ACTIVITY_FAILED);
    });
  }
});
