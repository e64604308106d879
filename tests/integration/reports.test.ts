import { count, eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { reports } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { insertEvent } from "../support/factories";
import { sendReport, sendSuggestion } from "../support/report-forms";

/**
 * 'Rapportera problem' and 'Saknar du ett quiz?' as their forms post them, to their pages' actions (the
 * dialogs' fetchers post there too): what is stored, what is refused and in which words, the spam check
 * and the per-address limits.
 */

async function reportCount() {
  const [row] = await getDb().select({ n: count() }).from(reports);
  assert(row);
  return row.n;
}

const LONG = "x".repeat(10_000);

/** The stored report whose title is `title` (titles are made unique per test). */
async function storedByTitle(title: string) {
  const rows = await getDb().select().from(reports).where(eq(reports.title, title));
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe("the report page's action", () => {
  it("stores a pending report on the event, with empty optional fields as null", async () => {
    const event = await insertEvent(getDb());
    const title = `Fel tid ${event.id.slice(0, 8)}`;
    const answer = await sendReport(event, {
      reportType: "incorrect_info",
      title: `  ${title}  `,
      description: "Quizet börjar 20:00 nu.",
      reporterName: "",
      contactEmail: "  ",
    });
    expect(answer).toEqual({ status: 200, ok: true });
    expect(await storedByTitle(title)).toMatchObject({
      eventId: event.id,
      reportType: "incorrect_info",
      status: "pending",
      title,
      description: "Quizet börjar 20:00 nu.",
      reporterName: null,
      contactEmail: null,
      resolvedAt: null,
    });
  });

  it("keeps the reporter's name and e-mail when given", async () => {
    const event = await insertEvent(getDb());
    const title = `Stängt ${event.id.slice(0, 8)}`;
    await sendReport(event, {
      reportType: "other",
      title,
      description: "Stället har stängt.",
      reporterName: "Kim",
      contactEmail: "kim@example.se",
    });
    expect(await storedByTitle(title)).toMatchObject({
      reportType: "other",
      reporterName: "Kim",
      contactEmail: "kim@example.se",
    });
  });

  it("answers bad input with a 4xx and a Swedish message at its field, and writes nothing", async () => {
    const event = await insertEvent(getDb());
    const valid = { reportType: "other", title: "T", description: "D" };
    const { description: _, ...noDescription } = valid;
    const { reportType: __, ...noType } = valid;
    const before = await reportCount();
    const required = "Typ, titel och beskrivning är obligatoriska";
    const cases: [Record<string, string>, string, string][] = [
      [{}, "title", required],
      [{ ...valid, title: "" }, "title", required],
      [{ ...valid, title: "   " }, "title", required],
      [noDescription, "description", required],
      [noType, "reportType", required],
      [{ ...valid, reportType: "missing_quiz" }, "reportType", required],
      [{ ...valid, contactEmail: "inte-en-adress" }, "contactEmail", "Ange en giltig e-postadress."],
      [{ ...valid, title: "x".repeat(151) }, "title", "Titeln får vara högst 150 tecken."],
      [{ ...valid, title: LONG }, "title", "Titeln får vara högst 150 tecken."],
      [{ ...valid, description: LONG }, "description", "Beskrivningen får vara högst 2000 tecken."],
      [{ ...valid, reporterName: LONG }, "reporterName", "Namnet får vara högst 100 tecken."],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await sendReport(event, fields);
      const label = JSON.stringify(fields).slice(0, 60);
      expect(answer.status, label).toBe(400);
      expect(answer.fieldErrors?.[field], label).toBe(message);
      // What the visitor wrote comes back to the form.
      expect(answer.values, label).toMatchObject(fields);
    }
    const tooLarge = await sendReport(event, { ...valid, description: "x".repeat(20_000) });
    expect(tooLarge).toMatchObject({ status: 413, formError: "Förfrågan är för stor." });
    const notAForm = await sendReport(event, JSON.stringify(valid), { "content-type": "application/json" });
    expect(notAForm).toMatchObject({ status: 400, formError: "Ogiltig förfrågan." });
    const unknown = await sendReport({ ...event, slug: "finns-inte" }, valid);
    expect(unknown.status).toBe(404);
    expect(await reportCount()).toBe(before);
  });

  it("pretends to accept a filled honeypot but stores nothing", async () => {
    const event = await insertEvent(getDb());
    const before = await reportCount();
    const answer = await sendReport(event, {
      reportType: "other",
      title: "Köp billigt",
      description: "spam",
      website: "http://spam.example",
    });
    expect(answer).toEqual({ status: 200, ok: true });
    expect(await reportCount()).toBe(before);
  });

  it("rate-limits one address", async () => {
    const event = await insertEvent(getDb());
    const ip = { "x-quizkvall-client-ip": "10.77.0.1" };
    const fields = { reportType: "other", title: "T", description: "D" };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await sendReport(event, fields, ip)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await sendReport(event, fields, ip);
    expect(refused.status).toBe(429);
    expect(refused.formError).toBe("För många rapporter. Försök igen om en stund.");
  });
});

describe("the suggestion page's action", () => {
  it("stores a pending missing_quiz report with the venue and city", async () => {
    const venueName = `Kvarterskrogen ${Date.now().toString(36)}`;
    const answer = await sendSuggestion({
      venueName,
      city: "Annan",
      contactName: "",
      contactEmail: "tips@example.se",
      additionalInfo: "Onsdagar 19:00 i Uppsala.",
    });
    expect(answer).toEqual({ status: 200, ok: true });
    expect(await storedByTitle(venueName)).toMatchObject({
      eventId: null,
      reportType: "missing_quiz",
      status: "pending",
      description: "Stad: Annan\n\nOnsdagar 19:00 i Uppsala.",
      reporterName: null,
      contactEmail: "tips@example.se",
    });
  });

  it("answers bad input with a 4xx and a Swedish message at its field, and writes nothing", async () => {
    const valid = { venueName: "Krogen", city: "Malmö" };
    const before = await reportCount();
    const cases: [Record<string, string>, string, string?][] = [
      [{ city: "Malmö" }, "venueName", "Ställets namn är obligatoriskt."],
      [{ ...valid, venueName: " " }, "venueName", "Ställets namn är obligatoriskt."],
      [{ venueName: "Krogen" }, "city", "Välj en stad."],
      [{ ...valid, city: "Uppsala" }, "city", "Välj en stad."],
      [{ ...valid, venueName: LONG }, "venueName", "Ställets namn får vara högst 150 tecken."],
      [{ ...valid, additionalInfo: LONG }, "additionalInfo", "Övrig information får vara högst 2000 tecken."],
      [{ ...valid, contactEmail: "a@" }, "contactEmail", "Ange en giltig e-postadress."],
      [{ ...valid, contactEmail: LONG }, "contactEmail"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await sendSuggestion(fields);
      const label = JSON.stringify(fields).slice(0, 60);
      expect(answer.status, label).toBe(400);
      if (message) expect(answer.fieldErrors?.[field], label).toBe(message);
      expect(answer.fieldErrors?.[field], label).toMatch(/^[A-ZÅÄÖ].*\.$/);
      expect(answer.fieldErrors?.[field], label).not.toMatch(/invalid|expected|received/i);
    }
    expect(await reportCount()).toBe(before);
  });

  it("rate-limits one address", async () => {
    const ip = { "x-quizkvall-client-ip": "10.78.0.1" };
    const fields = { venueName: "Krogen", city: "Göteborg" };
    for (let i = 0; i < 20; i++) expect((await sendSuggestion(fields, ip)).status).toBe(200);
    const refused = await sendSuggestion(fields, ip);
    expect(refused.status).toBe(429);
    expect(refused.formError).toBe("För många förslag. Försök igen om en stund.");
    expect((await sendSuggestion(fields)).status).toBe(200);
  });
});
