import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventChanges, events } from "~/db/schema";
import { seedDemoContent } from "~/demo/seed.server";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { formValuesFromEvent } from "~/features/event-editor/event-form-rules";
import type { EventFormValues } from "~/features/event-editor/event-form-schema";
import { toEventView } from "~/features/events/event-view";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { getStorage } from "~/lib/storage.server";
import { action as editorAction } from "~/routes/admin/events-editor";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";

/** Saving an event's form as it opens, untouched, is no change: the history records nothing. */
let adminCookie: string;

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  await seedDemoContent(getDb(), getStorage());
});

/** The form as the editor opens it, posted as the browser posts it. */
function formOf(values: EventFormValues): FormData {
  const form = new FormData();
  form.set("intent", "save");
  for (const [key, value] of Object.entries(values)) {
    if (key === "schedules") continue;
    if (key === "quizType") for (const type of value as string[]) form.append("quizType", type);
    else form.set(key, String(value));
  }
  for (const { weekday, time } of values.schedules) {
    form.append("scheduleWeekday", weekday);
    form.append("scheduleTime", time);
  }
  return form;
}

describe("change history of an unchanged save", () => {
  it("records nothing when every demo event is saved as its form opens", async () => {
    const db = getDb();
    const rows = await db.select().from(events);
    expect(rows.length).toBeGreaterThan(10);
    const origin = getEnv().publicUrl;
    for (const row of rows) {
      const view = toEventView(row, new Date(), new Map());
      const path = `/admin/events/${row.id}/edit`;
      const answer = await callRoute<{ data: EventActionResult }>(
        editorAction,
        new Request(`${origin}${path}`, {
          method: "POST",
          body: formOf(formValuesFromEvent(view)),
          headers: { cookie: adminCookie, origin },
        }),
        { id: row.id },
      );
      expect(answer.data.ok, `${row.title}: ${JSON.stringify(answer.data)}`).toBe(true);
      const changes = await db.select().from(eventChanges).where(eq(eventChanges.eventId, row.id));
      expect(
        changes.map(({ field, before, after }) => ({ field, before, after })),
        row.title,
      ).toEqual([]);
    }
  });
});
