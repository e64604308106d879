import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventHosts, hostClaims, reports } from "~/db/schema";
import type { AdminHubData } from "~/features/admin/admin-hub";
import { getViewer } from "~/features/auth/guard.server";
import { createReport, createSuggestion } from "~/features/reports/reports.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { loader as hubLoader } from "~/routes/admin/admin";
import { loader as confirmationsLoader } from "~/routes/admin/confirmations";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/events-editor";
import { loader as eventPageLoader } from "~/routes/public/city-slug";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";
import { formData } from "../support/form-data";

/** The admin hub's figures and lists, bounded; a quiz started from a suggestion; "Att bekräfta"'s report. */
const get = (path: string, cookie: string) =>
  new Request(`${getEnv().publicUrl}${path}`, { headers: { cookie } });

type HubAnswer = { data: { hub: AdminHubData | null } };

describe("admin hub", () => {
  it("counts what waits, lists quiz nights a page at a time, finds them by name, venue, street or city, and lists reports with their event", async () => {
    const admin = await sessionCookie({ admin: true });
    const db = getDb();
    const events = [];
    for (let i = 0; i < 23; i++)
      events.push(
        await insertEvent(db, {
          title: `Sökquiz ${i}`,
          locationName: i === 5 ? "Ankaret 100%" : "Krogen",
          streetAddress: i === 7 ? "Hubbgatan 7" : null,
          city: i === 9 ? "Malmö" : "Göteborg",
        }),
      );
    const [first] = events;
    if (!first) throw new Error("no event");
    await createReport(db, {
      eventId: first.id,
      reportType: "incorrect_info",
      title: "Fel tid",
      description: "Börjar 20, inte 19.",
      reporterName: null,
      contactEmail: null,
    });
    await createSuggestion(db, {
      venueName: "Nya puben",
      city: "Stockholm",
      contactName: null,
      contactEmail: null,
      additionalInfo: "Måndagar 19.",
    });
    await db
      .insert(hostClaims)
      .values({ eventId: first.id, name: "Ada", email: "ada@example.se", venueRole: "Ägare" });

    const { data } = await callRoute<HubAnswer>(hubLoader, get("/admin?q=s%C3%B6kquiz", admin));
    const hub = data.hub;
    if (!hub) throw new Error("no hub");
    expect(hub.counts).toEqual({ events: 23, reports: 1, suggestions: 1, claims: 1, stale: 1 });
    expect(hub.search.hits).toHaveLength(20);
    expect(hub.search).toMatchObject({ page: 1, pages: 2, total: 23 });
    const second = await callRoute<HubAnswer>(hubLoader, get("/admin?q=s%C3%B6kquiz&sida=2", admin));
    expect(second.data.hub?.search.hits).toHaveLength(3);
    // Without a search every quiz night is listed, paged.
    const all = await callRoute<HubAnswer>(hubLoader, get("/admin", admin));
    expect(all.data.hub?.search.total).toBe(23);
    // A street and a city.
    const street = await callRoute<HubAnswer>(hubLoader, get("/admin?q=hubbgatan", admin));
    expect(street.data.hub?.search.hits.map((h) => h.title)).toEqual(["Sökquiz 7"]);
    const city = await callRoute<HubAnswer>(hubLoader, get("/admin?q=malm%C3%B6", admin));
    expect(city.data.hub?.search.hits.map((h) => h.title)).toEqual(["Sökquiz 9"]);
    // "Att göra": the suggestion, the report and the claim, newest first, each with what it is about.
    expect(hub.queue.entries).toMatchObject([
      { kind: "claim", name: "Ada", venueRole: "Ägare", eventTitle: "Sökquiz 0" },
      { kind: "suggestion", title: "Nya puben", description: "Stad: Stockholm\n\nMåndagar 19." },
      {
        kind: "report",
        title: "Fel tid",
        description: "Börjar 20, inte 19.",
        eventId: first.id,
        eventTitle: "Sökquiz 0",
      },
    ]);
    const report = hub.queue.entries.find((e) => e.kind === "report");
    expect(report && "eventPath" in report ? report.eventPath : null).toMatch(/^\/quiz\/goteborg\/sokquiz-0/);
    expect(hub.queue.stale).toEqual({ total: 1, first: [{ id: first.id, title: "Sökquiz 0" }] });
    // The creations are the latest changes, bounded.
    expect(hub.changes.length).toBeLessThanOrEqual(10);

    // A venue, with LIKE's wildcards taken as text.
    const venue = await callRoute<HubAnswer>(hubLoader, get("/admin?q=100%25", admin));
    expect(venue.data.hub?.search.hits.map((h) => h.title)).toEqual(["Sökquiz 5"]);

    // A visitor gets no hub.
    const anonymous = await callRoute<HubAnswer>(hubLoader, get("/admin?q=s", ""));
    expect(anonymous.data.hub).toBeNull();
  });

  it("starts a new quiz from a suggestion's fields", async () => {
    const admin = await sessionCookie({ admin: true });
    const suggestion = await createSuggestion(getDb(), {
      venueName: "Kajen",
      city: "Malmö",
      contactName: "Bo",
      contactEmail: "bo@example.se",
      additionalInfo: "Varannan torsdag.",
    });
    type EditorData = { prefill: Record<string, string> | null };
    const loaded = await callRoute<EditorData>(
      editorLoader,
      get(`/admin/events/new?forslag=${suggestion.id}`, admin),
    );
    expect(loaded.prefill).toEqual({
      title: "Kajen",
      location: "Kajen",
      city: "Malmö",
      description: "Varannan torsdag.",
    });
    const unknown = await callRoute<EditorData>(editorLoader, get("/admin/events/new?forslag=nej", admin));
    expect(unknown.prefill).toBeNull();
  });

  it("resolves the suggestion once a quiz has been made from it, and not before", async () => {
    const admin = await sessionCookie({ admin: true });
    const db = getDb();
    const suggestion = await createSuggestion(db, {
      venueName: "Bryggan",
      city: "Göteborg",
      contactName: "Eva",
      contactEmail: "eva@example.se",
      additionalInfo: "Onsdagar.",
    });
    const loaded = await callRoute<{ formAction?: string }>(
      editorLoader,
      get(`/admin/events/new?forslag=${suggestion.id}`, admin),
    );
    expect(loaded.formAction).toBe(`/admin/events/new?forslag=${suggestion.id}`);
    const origin = getEnv().publicUrl;
    const save = (title: string) => {
      const body = formData({
        intent: "save",
        title,
        scheduleWeekday: "Onsdag",
        scheduleTime: "19:00",
        city: "Göteborg",
        quizType: "Quiz",
        maxPersonsPerTeam: "6",
        recurrence: "weekly",
      });
      return callRoute(
        editorAction,
        new Request(`${origin}${loaded.formAction}`, {
          method: "POST",
          body,
          headers: { cookie: admin, origin },
        }),
      );
    };
    const status = async () =>
      (await db.select({ status: reports.status }).from(reports).where(eq(reports.id, suggestion.id)))[0]
        ?.status;
    // A form with an error makes no quiz: the suggestion waits.
    await save("");
    expect(await status()).toBe("pending");
    // Made, it resolves the suggestion and sends the admin to the new quiz's editor.
    const made = (await save("Quiz på Bryggan")) as Response;
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toMatch(/^\/admin\/events\/[0-9a-f-]+\/edit\?tillagd=1$/);
    expect(await status()).toBe("resolved");
  });

  it("shows Att bekräfta's newest open report with its text", async () => {
    const admin = await sessionCookie({ admin: true });
    const db = getDb();
    const event = await insertEvent(db, { title: "Rapporterat quiz" });
    for (const title of ["Första", "Andra"])
      await createReport(db, {
        eventId: event.id,
        reportType: "other",
        title,
        description: `${title} texten`,
        reporterName: null,
        contactEmail: null,
      });
    type Stale = { events: { id: string; openReports: number; latestReport: unknown }[] };
    const { events } = await callRoute<Stale>(confirmationsLoader, get("/admin/confirmations", admin));
    const entry = events.find((e) => e.id === event.id);
    expect(entry).toMatchObject({
      openReports: 2,
      latestReport: { title: "Andra", description: "Andra texten" },
    });
  });

  it("offers Redigera on the event page to an admin and to the event's host, to nobody else", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Värdens quiz" });
    const [admin, host, other] = [
      await sessionCookie({ admin: true }),
      await sessionCookie({ admin: false }),
      await sessionCookie({ admin: false }),
    ];
    const hostUser = (await getViewer(get("/", host))).user;
    if (!hostUser) throw new Error("no host");
    await db.insert(eventHosts).values({ eventId: event.id, userId: hostUser.id });
    type Page = { editor: { edit: string; history: string | null } | null };
    const editorFor = async (cookie: string) =>
      (
        await callRoute<Page>(eventPageLoader, get(`/quiz/goteborg/${event.slug}`, cookie), {
          city: "goteborg",
          slug: event.slug,
        })
      ).editor;
    expect(await editorFor(admin)).toEqual({
      edit: `/admin/events/${event.id}/edit`,
      history: `/admin/events/${event.id}/historik`,
    });
    expect(await editorFor(host)).toEqual({ edit: `/quizvard/${event.id}`, history: null });
    expect(await editorFor(other)).toBeNull();
    expect(await editorFor("")).toBeNull();
  });
});
