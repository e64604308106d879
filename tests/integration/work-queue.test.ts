import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hostClaims, reports } from "~/db/schema";
import type { AdminHubData } from "~/features/admin/admin-hub";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as hubAction, loader as hubLoader } from "~/routes/admin/admin";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";
import { formData } from "../support/form-data";

/** The hub's "Att göra": claims, reports and suggestions newest first, a page at a time, and its resolve. */
const origin = () => getEnv().publicUrl;
const get = (path: string, cookie: string) => new Request(`${origin()}${path}`, { headers: { cookie } });
const hubOf = async (path: string, cookie: string) => {
  const { data } = await callRoute<{ data: { hub: AdminHubData | null } }>(hubLoader, get(path, cookie));
  if (!data.hub) throw new Error("no hub");
  return data.hub;
};
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 12, n));
const DAY = 24 * 60 * 60 * 1000;

describe("the hub's work queue", () => {
  it("merges claims, reports and suggestions newest first, 20 a page, names the first stale listings and keeps a linked report", async () => {
    const admin = await sessionCookie({ admin: true });
    const db = getDb();
    const event = await insertEvent(db, { title: "Köquizet" });
    for (let i = 0; i < 3; i++)
      await insertEvent(db, { title: `Gammalt ${i}`, createdAt: new Date(Date.now() - (100 + i) * DAY) });
    const suggestions = await db
      .insert(reports)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          reportType: "missing_quiz",
          title: `Förslag ${i}`,
          description: "Ett ställe",
          createdAt: minute(i),
        })),
      )
      .returning({ id: reports.id });
    await db.insert(reports).values(
      Array.from({ length: 8 }, (_, i) => ({
        eventId: event.id,
        reportType: "incorrect_info",
        title: `Rapport ${i}`,
        description: "Fel tid",
        createdAt: minute(40 + i),
      })),
    );
    await db.insert(hostClaims).values(
      Array.from({ length: 3 }, (_, i) => ({
        eventId: event.id,
        name: `Sökande ${i}`,
        email: `sokande${i}@example.se`,
        venueRole: "Ägare",
        createdAt: minute(20 + i),
      })),
    );

    const first = await hubOf("/admin", admin);
    const titles = (hub: AdminHubData) =>
      hub.queue.entries.map((e) => (e.kind === "claim" ? e.name : e.title));
    expect(first.queue.counts).toEqual({ claims: 3, reports: 8, suggestions: 12 });
    expect(titles(first)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `Rapport ${7 - i}`),
      "Sökande 2",
      "Sökande 1",
      "Sökande 0",
      ...Array.from({ length: 9 }, (_, i) => `Förslag ${11 - i}`),
    ]);
    expect(first.queue).toMatchObject({ page: 1, pages: 2, rest: 3 });
    expect(first.queue.entries[0]).toMatchObject({
      kind: "report",
      eventId: event.id,
      eventTitle: "Köquizet",
    });
    // The oldest unconfirmed listings come first; the one with reports is counted too.
    expect(first.queue.stale.total).toBe(4);
    expect(first.queue.stale.first.map((e) => e.title)).toEqual(["Gammalt 2", "Gammalt 1", "Gammalt 0"]);

    const second = await hubOf("/admin?att-gora-sida=2", admin);
    expect(titles(second)).toEqual(["Förslag 2", "Förslag 1", "Förslag 0"]);
    // Past the end: the last page; a page parameter that is no number: the first.
    expect((await hubOf("/admin?att-gora-sida=99", admin)).queue.page).toBe(2);
    expect((await hubOf("/admin?att-gora-sida=x", admin)).queue.page).toBe(1);

    // "Att bekräfta" links to a report on an older page: the first page shows it too.
    const oldest = suggestions[0]!.id;
    const linked = await hubOf(`/admin?rapport=${oldest}`, admin);
    expect(linked.queue.entries).toHaveLength(21);
    expect(linked.queue.entries.at(-1)?.id).toBe(oldest);
  });

  it("resolves a report from the queue for an admin only, and the queue leaves it out", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Lösquizet" });
    const [report] = await db
      .insert(reports)
      .values({ eventId: event.id, reportType: "other", title: "Att lösa", description: "Stängt" })
      .returning({ id: reports.id });
    const id = report!.id;
    const post = (cookie: string, reportId: string, from = origin()) =>
      callRoute<{ data: unknown; init: { status: number } | null } | Response>(
        hubAction,
        new Request(`${origin()}/admin`, {
          method: "POST",
          body: formData({ intent: "resolve-report", reportId }),
          headers: { cookie, origin: from },
        }),
      );
    const status = async () =>
      (await db.select({ status: reports.status }).from(reports).where(eq(reports.id, id)))[0]?.status;

    for (const cookie of ["", await sessionCookie({ admin: false })]) {
      await post(cookie, id);
      expect(await status()).toBe("pending");
    }
    const admin = await sessionCookie({ admin: true });
    await post(admin, id, "https://annan.example").catch(() => null);
    expect(await status()).toBe("pending");

    const missing = await post(admin, "00000000-0000-4000-8000-000000000000");
    expect(missing).toMatchObject({ data: { resolved: false }, init: { status: 404 } });
    const done = await post(admin, id);
    expect(done).toMatchObject({ data: { intent: "resolve-report", resolved: true }, init: { status: 200 } });
    expect(await status()).toBe("resolved");
    const hub = await hubOf("/admin", admin);
    expect(hub.queue.entries.some((e) => e.id === id)).toBe(false);
  });
});
