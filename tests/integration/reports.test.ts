import { count, eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { reports } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { action as reportAction } from "~/routes/api/reports";
import { action as suggestionAction } from "~/routes/api/reports-suggestions";
import { insertEvent } from "../support/factories";

let ipCounter = 0;
type JsonAction = (args: { request: Request; params: object; context: unknown }) => Promise<Response>;

function post(handler: JsonAction, path: string, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-quizkvall-client-ip": `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return handler({ request, params: {}, context: {} });
}
const postReport = (body: unknown, headers?: Record<string, string>) =>
  post(reportAction as unknown as JsonAction, "/api/reports", body, headers);
const postSuggestion = (body: unknown, headers?: Record<string, string>) =>
  post(suggestionAction as unknown as JsonAction, "/api/suggestions", body, headers);

async function reportCount() {
  const [row] = await getDb().select({ n: count() }).from(reports);
  assert(row);
  return row.n;
}

const LONG = "x".repeat(10_000);

describe("POST /api/reports", () => {
  it("stores a pending report on the event, with empty optional fields as null", async () => {
    const event = await insertEvent(getDb());
    const response = await postReport({
      eventId: event.id,
      reportType: "incorrect_info",
      title: "  Fel tid  ",
      description: "Quizet börjar 20:00 nu.",
      reporterName: "",
      contactEmail: "  ",
    });
    expect(response.status).toBe(201);
    const { report } = (await response.json()) as { report: { id: string } };
    const [row] = await getDb().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({
      eventId: event.id,
      reportType: "incorrect_info",
      status: "pending",
      title: "Fel tid",
      description: "Quizet börjar 20:00 nu.",
      reporterName: null,
      contactEmail: null,
      resolvedAt: null,
    });
  });

  it("keeps the reporter's name and e-mail when given", async () => {
    const event = await insertEvent(getDb());
    const response = await postReport({
      eventId: event.id,
      reportType: "other",
      title: "Stängt",
      description: "Stället har stängt.",
      reporterName: "Kim",
      contactEmail: "kim@example.se",
    });
    const { report } = (await response.json()) as { report: { id: string } };
    const [row] = await getDb().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ reportType: "other", reporterName: "Kim", contactEmail: "kim@example.se" });
  });

  it("answers bad input with a 4xx and a Swedish message, and writes nothing", async () => {
    const event = await insertEvent(getDb());
    const valid = { eventId: event.id, reportType: "other", title: "T", description: "D" };
    const before = await reportCount();
    const cases: [unknown, number, string?][] = [
      ["{oops", 400, "Ogiltig JSON i förfrågan."],
      ["null", 400, "Förfrågan måste vara ett JSON-objekt."],
      ["[1,2]", 400, "Förfrågan måste vara ett JSON-objekt."],
      [{}, 400],
      [{ ...valid, title: "" }, 400, "Typ, titel och beskrivning är obligatoriska"],
      [{ ...valid, title: "   " }, 400, "Typ, titel och beskrivning är obligatoriska"],
      [{ ...valid, description: undefined }, 400, "Typ, titel och beskrivning är obligatoriska"],
      [{ ...valid, reportType: undefined }, 400, "Typ, titel och beskrivning är obligatoriska"],
      [{ ...valid, reportType: "missing_quiz" }, 400, "Typ, titel och beskrivning är obligatoriska"],
      [{ ...valid, title: 42 }, 400, "Titeln måste vara text."],
      [{ ...valid, description: ["a"] }, 400, "Beskrivningen måste vara text."],
      [{ ...valid, reporterName: { a: 1 } }, 400, "Namnet måste vara text."],
      [{ ...valid, contactEmail: "inte-en-adress" }, 400, "Ange en giltig e-postadress."],
      [{ ...valid, title: "x".repeat(151) }, 400, "Titeln får vara högst 150 tecken."],
      [{ ...valid, title: LONG }, 400, "Titeln får vara högst 150 tecken."],
      [{ ...valid, description: LONG }, 400, "Beskrivningen får vara högst 2000 tecken."],
      [{ ...valid, reporterName: LONG }, 400, "Namnet får vara högst 100 tecken."],
      [{ ...valid, eventId: "abc" }, 400, "Eventet finns inte."],
      [{ ...valid, eventId: 7 }, 400, "Eventet finns inte."],
      [{ ...valid, eventId: "00000000-0000-4000-8000-000000000000" }, 404, "Eventet finns inte."],
      [{ ...valid, description: "x".repeat(20_000) }, 413, "Förfrågan är för stor."],
    ];
    for (const [body, status, message] of cases) {
      const response = await postReport(body);
      const label = JSON.stringify(body).slice(0, 60);
      expect(response.status, label).toBe(status);
      const json = (await response.json()) as { error: string };
      if (message) expect(json.error, label).toBe(message);
      expect(json.error, label).not.toMatch(/invalid|expected|received/i);
    }
    const wrongType = await postReport(JSON.stringify(valid), { "content-type": "text/plain" });
    expect(wrongType.status).toBe(415);
    expect(await reportCount()).toBe(before);
  });

  it("pretends to accept a filled honeypot but stores nothing", async () => {
    const event = await insertEvent(getDb());
    const before = await reportCount();
    const response = await postReport({
      eventId: event.id,
      reportType: "other",
      title: "Köp billigt",
      description: "spam",
      website: "http://spam.example",
    });
    expect(response.status).toBe(201);
    expect(await reportCount()).toBe(before);
  });

  it("rate-limits one address", async () => {
    const event = await insertEvent(getDb());
    const ip = { "x-quizkvall-client-ip": "10.77.0.1" };
    const body = { eventId: event.id, reportType: "other", title: "T", description: "D" };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await postReport(body, ip)).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await postReport(body, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "För många rapporter. Försök igen om en stund.",
    );
  });
});

describe("POST /api/suggestions", () => {
  it("stores a pending missing_quiz report with the venue and city", async () => {
    const response = await postSuggestion({
      venueName: "Kvarterskrogen",
      city: "Annan",
      contactName: "",
      contactEmail: "tips@example.se",
      additionalInfo: "Onsdagar 19:00 i Uppsala.",
    });
    expect(response.status).toBe(201);
    const { report } = (await response.json()) as { report: { id: string } };
    const [row] = await getDb().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({
      eventId: null,
      reportType: "missing_quiz",
      status: "pending",
      title: "Kvarterskrogen",
      description: "Stad: Annan\n\nOnsdagar 19:00 i Uppsala.",
      reporterName: null,
      contactEmail: "tips@example.se",
    });
  });

  it("answers bad input with a 4xx and a Swedish message, and writes nothing", async () => {
    const valid = { venueName: "Krogen", city: "Malmö" };
    const before = await reportCount();
    const cases: [unknown, number, string?][] = [
      ["", 400, "Ogiltig JSON i förfrågan."],
      ['"text"', 400, "Förfrågan måste vara ett JSON-objekt."],
      [{ city: "Malmö" }, 400, "Ställets namn är obligatoriskt."],
      [{ ...valid, venueName: " " }, 400, "Ställets namn är obligatoriskt."],
      [{ ...valid, city: undefined }, 400, "Välj en stad."],
      [{ ...valid, city: "Uppsala" }, 400, "Välj en stad."],
      [{ ...valid, city: 3 }, 400, "Välj en stad."],
      [{ ...valid, venueName: true }, 400, "Ställets namn måste vara text."],
      [{ ...valid, venueName: LONG }, 400, "Ställets namn får vara högst 150 tecken."],
      [{ ...valid, additionalInfo: LONG }, 400, "Övrig information får vara högst 2000 tecken."],
      [{ ...valid, contactEmail: "a@" }, 400, "Ange en giltig e-postadress."],
      [{ ...valid, contactEmail: LONG }, 400],
    ];
    for (const [body, status, message] of cases) {
      const response = await postSuggestion(body);
      const label = JSON.stringify(body).slice(0, 60);
      expect(response.status, label).toBe(status);
      const json = (await response.json()) as { error: string };
      if (message) expect(json.error, label).toBe(message);
      expect(json.error, label).not.toMatch(/invalid|expected|received/i);
    }
    expect(await reportCount()).toBe(before);
  });

  it("rate-limits one address", async () => {
    const ip = { "x-quizkvall-client-ip": "10.78.0.1" };
    const body = { venueName: "Krogen", city: "Göteborg" };
    for (let i = 0; i < 20; i++) expect((await postSuggestion(body, ip)).status).toBe(201);
    const refused = await postSuggestion(body, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "För många förslag. Försök igen om en stund.",
    );
    expect((await postSuggestion(body)).status).toBe(201);
  });
});
