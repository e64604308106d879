import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventHosts, events, user } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { PHONE, setupBrowser } from "../support/browser";
import { insertEvent } from "../support/factories";
import { signInFirstAdmin } from "../support/first-admin";
import { outboxFor } from "../support/outbox";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * The freshness loop with a faked clock (the server's "now" through TEST_CLOCK and the quizkvall_now cookie,
 * the browser's through page.clock): 60 days after a listing was made its host gets "Stämmer ert quiz
 * fortfarande?", whose "Ja, det stämmer" confirms it from a browser that is not signed in; at 120 days without
 * a confirmation visitors see "Ej bekräftad sedan …". A server of its own, on a database prepared with a
 * hosted listing (the host row inserted directly) and one without a host.
 */
const browser = setupBrowser();
const DAY = 24 * 60 * 60 * 1000;
const MADE = new Date("2026-06-01T10:00:00.000Z");
const plus = (from: Date, days: number) => new Date(from.getTime() + days * DAY);
const HOST = "varden@friskhet.example";

let server: SpawnedServer | undefined;
let dataDir = "";
let base = "";
let adminCookie = "";

beforeAll(async () => {
  dataDir = tempDataDir("freshness");
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  const hosted = await insertEvent(handle.db, { title: "Friskhetsquizet", createdAt: MADE });
  await insertEvent(handle.db, { title: "Glömda quizet", createdAt: MADE });
  const ended = await insertEvent(handle.db, { title: "Nedlagda quizet", createdAt: MADE });
  await handle.db.update(events).set({ endedReportedAt: MADE }).where(eq(events.id, ended.id));
  await handle.db.insert(user).values({
    id: "host-1",
    name: "Värden",
    email: HOST,
    emailVerified: true,
    createdAt: MADE,
    updatedAt: MADE,
  });
  await handle.db.insert(eventHosts).values({ eventId: hosted.id, userId: "host-1" });
  await handle.close();

  server = await spawnServer({ DATA_DIR: dataDir, TEST_CLOCK: "1", SEED_DEMO: "false" });
  base = server.baseUrl;
  adminCookie = await signInFirstAdmin(base, server.output());
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A phone that is not signed in, its clock and the server's "now" at `at`. */
async function visitorAt(at: Date, expectedConsoleErrors?: RegExp) {
  const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors });
  await page.context().addCookies([{ name: "quizkvall_now", value: at.toISOString(), url: base }]);
  await page.clock.setFixedTime(at);
  return page;
}

describe("the freshness loop", () => {
  it("the 60-day mail arrives and its 'Ja, det stämmer' confirms without sign-in; at 120 days visitors see 'Ej bekräftad sedan …'", {
    timeout: 120_000,
  }, async () => {
    // Day 59: nobody is asked. Day 61: the daily job (run now, as its schedule would) asks the host.
    const ask = (at: Date) =>
      fetch(`${base}/api/admin/freshness-check`, {
        method: "POST",
        headers: { cookie: `${adminCookie}; quizkvall_now=${at.toISOString()}`, origin: base },
      });
    expect(await (await ask(plus(MADE, 59))).json()).toEqual({ asked: 0, mailed: 0, withoutHost: 0 });
    expect(await (await ask(plus(MADE, 61))).json()).toEqual({ asked: 2, mailed: 1, withoutHost: 1 });
    expect(await (await ask(plus(MADE, 61))).json()).toEqual({ asked: 0, mailed: 0, withoutHost: 0 });

    await expect.poll(() => outboxFor(dataDir, HOST).length, { timeout: 20_000 }).toBe(1);
    const mail = outboxFor(dataDir, HOST)[0]!;
    expect(mail.text).toContain("Stämmer ert quiz fortfarande?");
    const yes = /Ja, det stämmer: (\S+)/.exec(mail.text)?.[1];
    expect(yes).toMatch(new RegExp(`^${base}/quizvard/stammer/confirm\\.`));
    expect(mail.text).toMatch(/Ändra: \S+\/quizvard\/[0-9a-f-]{36}/);
    expect(mail.text).toMatch(/Quizet har upphört: \S+\/quizvard\/stammer\/ended\./);

    // The host opens "Ja, det stämmer" on the phone, not signed in: one more tap confirms.
    const confirmedAt = plus(MADE, 62);
    const page = await visitorAt(confirmedAt);
    await page.goto(yes!);
    await expect
      .poll(() => page.getByRole("heading", { name: "Stämmer ert quiz fortfarande?" }).count())
      .toBe(1);
    await page.getByRole("button", { name: "Ja, det stämmer" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Tack, nu är det bekräftat" }).count()).toBe(1);
    await page.getByRole("link", { name: "Friskhetsquizet" }).click();
    await expect
      .poll(() => page.getByTestId("last-confirmed").textContent())
      .toBe("Senast bekräftad 2 augusti 2026");
    expect(await page.getByTestId("unconfirmed-since").count()).toBe(0);

    // Used once: the same link again is a Swedish page, and so is a tampered one.
    // (The refusal's status is 410, which the browser logs.)
    const again = await visitorAt(confirmedAt, /status of 410/);
    await again.goto(yes!);
    await expect.poll(() => again.getByRole("heading", { name: "Länken är redan använd" }).count()).toBe(1);
    const tampered = await fetch(`${yes!.slice(0, -3)}abc`, {
      headers: { cookie: `quizkvall_now=${confirmedAt.toISOString()}` },
    });
    expect(tampered.status).toBe(410);
    expect(await tampered.text()).toContain("Länken fungerar inte");

    // 119 days after its creation the listing without a host is still only "Senast bekräftad"; at 121 days
    // a visitor sees the notice. The confirmed one is fresh then.
    const early = await visitorAt(plus(MADE, 119));
    await early.goto(`${base}/quiz/goteborg/glomda-quizet`);
    await expect
      .poll(() => early.getByTestId("last-confirmed").textContent())
      .toBe("Senast bekräftad 1 juni 2026");
    expect(await early.getByTestId("unconfirmed-since").count()).toBe(0);

    const late = await visitorAt(plus(MADE, 121));
    await late.goto(`${base}/quiz/goteborg/glomda-quizet`);
    await expect
      .poll(() => late.getByTestId("unconfirmed-since").textContent())
      .toBe("Ej bekräftad sedan 1 juni 2026");
    await late.goto(`${base}/quiz/goteborg/friskhetsquizet`);
    await expect
      .poll(() => late.getByTestId("last-confirmed").textContent())
      .toBe("Senast bekräftad 2 augusti 2026");

    // And 120 days after that confirmation, the hosted one shows the notice too.
    const later = await visitorAt(plus(confirmedAt, 121));
    await later.goto(`${base}/quiz/goteborg/friskhetsquizet`);
    await expect
      .poll(() => later.getByTestId("unconfirmed-since").textContent())
      .toBe("Ej bekräftad sedan 2 augusti 2026");
  });

  it("the day after a night a visitor says 'Det blev inget': the host is mailed and the admin's queue shows it", {
    timeout: 60_000,
  }, async () => {
    // Friskhetsquizet is a Tuesday quiz; Tuesday 1 December 2026 is one of its nights.
    const page = await visitorAt(new Date("2026-12-02T09:00:00.000Z"));
    await page.goto(`${base}/quiz/goteborg/friskhetsquizet`);
    await page.getByRole("button", { name: "Det blev inget" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Tack! Vi kollar upp det." }).count())
      .toBe(1);
    await expect
      .poll(
        () =>
          outboxFor(dataDir, HOST).filter((m) => m.text.includes("inte blev av tisdag 1 december")).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const queue = await fetch(`${base}/admin/confirmations`, {
      headers: { cookie: `${adminCookie}; quizkvall_now=2026-12-02T09:00:00.000Z` },
    });
    expect(await queue.text()).toContain("1 besökare: det blev inget tisdag 1 december");
  });

  it("'Ta bort' on a quiz reported as ended asks first; 'Avbryt' keeps it, 'Ta bort' removes it", {
    timeout: 60_000,
  }, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.context().addCookies(
      adminCookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    await page.goto(`${base}/admin/confirmations`);
    const item = page.getByRole("listitem").filter({ hasText: "Nedlagda quizet" });
    await item.getByRole("button", { name: "Ta bort", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    expect(await dialog.textContent()).toContain("Detta kan inte ångras.");
    await dialog.getByRole("button", { name: "Avbryt" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await item.count()).toBe(1);
    await item.getByRole("button", { name: "Ta bort", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Ta bort", exact: true }).click();
    await expect.poll(() => item.count(), { timeout: 20_000 }).toBe(0);
    expect((await fetch(`${base}/quiz/goteborg/nedlagda-quizet`)).status).toBe(404);
  });
});
