import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventHosts, listRecipients, listSubscriptions, user } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { PHONE, setupBrowser } from "../support/browser";
import { insertEvent } from "../support/factories";
import { signInFirstAdmin } from "../support/first-admin";
import { outboxFor } from "../support/outbox";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * "Blir det quiz ikväll?" end to end on a phone, on a server of its own: the host turns the morning mail on
 * for two of their quizzes, the 09:00 job (run now, at a faked Tuesday morning) mails one question per quiz,
 * "Ja" shows "Bekräftad idag" on the card and the event page, and the other quiz's "Nej, inställt" cancels
 * tonight and alerts its follower.
 */
const browser = setupBrowser();
const HOST = "morgonvard@example.se";
const FOLLOWER = "foljare@example.se";
// Tuesday 1 December 2026, 09:00 and 09:05 in Stockholm; both quizzes are on Tuesdays at 19:00.
const MORNING = new Date("2026-12-01T08:00:00.000Z");
const TAP = new Date("2026-12-01T08:05:00.000Z");
const TITLES = { yes: "Morgonquizet", no: "Kvällsquizet", off: "Tystquizet" } as const;

let server: SpawnedServer | undefined;
let dataDir = "";
let base = "";
let adminCookie = "";

beforeAll(async () => {
  dataDir = tempDataDir("morning-mail");
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  const made = new Date("2026-11-01T10:00:00.000Z");
  await handle.db.insert(user).values({
    id: "host-1",
    name: "Morgonvärd",
    email: HOST,
    emailVerified: true,
    createdAt: made,
    updatedAt: made,
  });
  for (const title of Object.values(TITLES)) {
    const event = await insertEvent(handle.db, {
      title,
      startTime: new Date("2026-11-24T18:00:00.000Z"),
      recurrenceAnchor: "2026-11-24",
      createdAt: made,
    });
    await handle.db.insert(eventHosts).values({ eventId: event.id, userId: "host-1" });
    if (title === TITLES.no) {
      await handle.db.insert(listRecipients).values({ email: FOLLOWER, manageToken: "manage-key-1" });
      await handle.db.insert(listSubscriptions).values({
        email: FOLLOWER,
        topic: "event",
        eventId: event.id,
        unsubscribeToken: "unsubscribe-key-1",
        requestedAt: made,
        confirmedAt: made,
      });
    }
  }
  await handle.close();

  server = await spawnServer({ DATA_DIR: dataDir, TEST_CLOCK: "1", SEED_DEMO: "false" });
  base = server.baseUrl;
  adminCookie = await signInFirstAdmin(base, server.output());
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function expectClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A phone whose clock and the server's "now" are at `at`. */
async function phoneAt(at: Date) {
  const page = await browser.newPage({ viewport: PHONE });
  await page.context().addCookies([{ name: "quizkvall_now", value: at.toISOString(), url: base }]);
  await page.clock.setFixedTime(at);
  return page;
}

const linkIn = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? "";

describe("the morning mail", () => {
  it("turned on by the host; 'Ja' shows 'Bekräftad idag', another quiz's 'Nej' cancels tonight and alerts its follower", {
    timeout: 180_000,
  }, async () => {
    // The host signs in by a mailed link and turns the morning mail on for two of their three quizzes.
    const host = await browser.newPage({ viewport: PHONE });
    await host.goto(`${base}/quizvard`);
    await host.getByLabel("E-postadress").fill(HOST);
    await host.getByRole("button", { name: "Mejla mig en länk" }).click();
    await expect.poll(() => outboxFor(dataDir, HOST).length, { timeout: 20_000 }).toBe(1);
    const signInLink = /http:\/\/\S+\/quizvard\/logga-in\?token=\S+/.exec(
      outboxFor(dataDir, HOST)[0]!.text,
    )?.[0];
    await host.goto(signInLink!);
    await host.getByRole("button", { name: "Logga in", exact: true }).click();
    await expect.poll(() => host.getByRole("link", { name: TITLES.yes, exact: true }).count()).toBe(1);
    for (const title of [TITLES.yes, TITLES.no]) {
      const box = host.getByRole("checkbox", {
        name: `Morgonmejl på quizdagar: Blir det quiz ikväll? – ${title}`,
      });
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await host.getByRole("button", { name: `Spara morgonmejl – ${title}` }).click();
      await expect
        .poll(() => host.getByRole("status").filter({ hasText: "Morgonmejlet är påslaget." }).count())
        .toBe(1);
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await expectClean(host);

    // Tuesday 09:00: the job asks about the two quizzes, once, however often it runs.
    const run = () =>
      fetch(`${base}/api/admin/tonight-check`, {
        method: "POST",
        headers: { cookie: `${adminCookie}; quizkvall_now=${MORNING.toISOString()}`, origin: base },
      });
    expect(await (await run()).json()).toEqual({ asked: 2, mailed: 2 });
    expect(await (await run()).json()).toEqual({ asked: 0, mailed: 0 });
    const questions = () => outboxFor(dataDir, HOST).filter((m) => m.text.includes("Blir det quiz på"));
    await expect.poll(() => questions().length, { timeout: 20_000 }).toBe(2);
    const about = (title: string) =>
      questions().find((m) => m.text.includes(`Blir det quiz på ${title} ikväll 19:00?`))!;
    const yes = linkIn(about(TITLES.yes).text, "Ja, det blir quiz");
    const no = linkIn(about(TITLES.no).text, "Nej, inställt");
    expect(yes).toMatch(new RegExp(`^${base}/quizvard/ikvall/yes\\.`));
    expect(no).toMatch(new RegExp(`^${base}/quizvard/ikvall/no\\.`));

    // "Ja" from a phone that is not signed in: the page asks, the button confirms.
    const tapYes = await phoneAt(TAP);
    await tapYes.goto(yes);
    await expect.poll(() => tapYes.getByRole("heading", { name: "Blir det quiz ikväll?" }).count()).toBe(1);
    await expectClean(tapYes);
    await tapYes.getByRole("button", { name: "Ja, det blir quiz" }).click();
    await expect
      .poll(() => tapYes.getByRole("heading", { name: "Tack! Kvällen är bekräftad." }).count())
      .toBe(1);
    await expectClean(tapYes);
    await tapYes.getByRole("link", { name: TITLES.yes }).click();
    await expect.poll(() => tapYes.getByTestId("confirmed-today").textContent()).toBe("Bekräftad idag");
    await expectClean(tapYes);
    // The venue's widget says so too.
    const widget = await fetch(`${base}${new URL(tapYes.url()).pathname}/widget`, {
      headers: { cookie: `quizkvall_now=${TAP.toISOString()}` },
    });
    expect(await widget.text()).toMatch(
      /Ikväll 19:00<\/span><span class="ok"> · <!-- -->Bekräftad idag|Ikväll 19:00.{0,80}Bekräftad idag/,
    );
    // A second tap says it is done.
    await tapYes.goto(yes);
    await expect
      .poll(() => tapYes.getByRole("heading", { name: "Kvällen är redan bekräftad. Tack!" }).count())
      .toBe(1);

    // "Nej, inställt" on the other quiz, with a note for the visitors.
    const tapNo = await phoneAt(TAP);
    await tapNo.goto(no);
    await tapNo.getByLabel("Meddelande till besökarna (valfritt)").fill("Personalfest");
    await expectClean(tapNo);
    await tapNo.getByRole("button", { name: "Nej, inställt" }).click();
    await expect
      .poll(() =>
        tapNo
          .getByRole("heading", { name: "Kvällen är inställd. Vi har meddelat dem som följer quizet." })
          .count(),
      )
      .toBe(1);
    await expect
      .poll(
        () =>
          outboxFor(dataDir, FOLLOWER).filter((m) =>
            m.text.includes("Inställt: tisdag 1 december kl. 19:00 (Personalfest)"),
          ).length,
        { timeout: 20_000 },
      )
      .toBe(1);

    // The city's cards at 09:05: one confirmed tonight, one cancelled, one as always.
    const city = await phoneAt(TAP);
    await city.goto(`${base}/quiz/goteborg`);
    const card = (title: string) =>
      city.getByRole("article").filter({ has: city.getByRole("link", { name: title, exact: true }) });
    await expect
      .poll(() => card(TITLES.yes).locator("[data-when]").textContent())
      .toBe("Ikväll 19:00 · Bekräftad idag");
    expect(await card(TITLES.no).locator("[data-when]").textContent()).toBe("Inställt ikväll");
    expect(await card(TITLES.off).locator("[data-when]").textContent()).toBe("Ikväll 19:00");
    await expectClean(city);
    expect(outboxFor(dataDir, FOLLOWER).filter((m) => m.text.includes("Inställt:"))).toHaveLength(1);
  });
});
