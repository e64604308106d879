import { eq } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { reports } from "~/db/schema";
import { countReports } from "~/features/reports/reports-admin.server";
import type { ReportActionResult } from "~/features/reports/reports-panel-state";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action } from "~/routes/admin/report";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { formData } from "../support/form-data";

/** The reports panel's route action: resolve a pending report, delete a resolved one, for admins only. */
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});

async function insertReport() {
  const [row] = await getDb()
    .insert(reports)
    .values({ reportType: "other", title: "Fel adress", description: "Puben har flyttat" })
    .returning();
  assert(row);
  return row;
}

type Answer = { data: ReportActionResult; init: { status: number } | null };

/** Posts the panel's form for report `id` as the browser's fetcher does. */
function post(id: string, fields: Record<string, string>, cookie = adminCookie) {
  const origin = getEnv().publicUrl;
  const request = new Request(`${origin}/admin/reports/${id}`, {
    method: "POST",
    headers: { cookie, origin },
    body: formData(fields),
  });
  return callRoute<Answer>(action, request, { id });
}

describe("report action", () => {
  it("resolves once, keeping the first time, and answers the counts after the change", async () => {
    const report = await insertReport();
    const first = await post(report.id, { intent: "resolve" });
    expect(first.init?.status).toBe(200);
    assert(first.data.ok);
    const counts = await countReports(getDb());
    expect(first.data).toEqual({
      ok: true,
      intent: "resolve",
      id: report.id,
      resolvedAt: expect.any(String),
      ...counts,
    });
    const [row] = await getDb().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ status: "resolved", resolvedAt: new Date(first.data.resolvedAt ?? "") });

    const again = await post(report.id, { intent: "resolve" });
    assert(again.data.ok);
    expect(again.data.resolvedAt).toBe(first.data.resolvedAt);
  });

  it("deletes only a resolved report, and says why it refuses", async () => {
    const report = await insertReport();
    const early = await post(report.id, { intent: "delete" });
    expect(early.init?.status).toBe(409);
    expect(early.data).toEqual({
      ok: false,
      intent: "delete",
      fieldErrors: {},
      formError: "Bara lösta rapporter kan raderas",
    });

    await post(report.id, { intent: "resolve" });
    const before = await countReports(getDb());
    const deleted = await post(report.id, { intent: "delete" });
    expect(deleted.init?.status).toBe(200);
    expect(deleted.data).toMatchObject({
      ok: true,
      intent: "delete",
      id: report.id,
      total: before.total - 1,
    });
    expect(await getDb().select().from(reports).where(eq(reports.id, report.id))).toEqual([]);

    const gone = await post(report.id, { intent: "delete" });
    expect([gone.init?.status, gone.data]).toEqual([
      404,
      { ok: false, intent: "delete", fieldErrors: {}, formError: "Rapporten finns inte" },
    ]);
    const resolveGone = await post(report.id, { intent: "resolve" });
    expect([resolveGone.init?.status, resolveGone.data.ok]).toEqual([404, false]);
  });

  it("refuses an unknown intent and an id that is no report", async () => {
    const report = await insertReport();
    const unknown = await post(report.id, { intent: "reopen" });
    expect([unknown.init?.status, unknown.data]).toEqual([
      400,
      { ok: false, intent: "unknown", fieldErrors: {}, formError: "Okänd åtgärd" },
    ]);
    const bogus = await post("x", { intent: "resolve" });
    expect([bogus.init?.status, bogus.data.ok]).toEqual([404, false]);
    const [row] = await getDb().select().from(reports).where(eq(reports.id, report.id));
    expect(row?.status).toBe("pending");
  });

  it("answers only admins: 401 signed out, 403 for a user, and nothing changes", async () => {
    const report = await insertReport();
    const anonymous = (await post(report.id, { intent: "resolve" }, "")) as unknown as Response;
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: "Inloggning krävs" }]);
    const user = (await post(report.id, { intent: "resolve" }, userCookie)) as unknown as Response;
    expect([user.status, await user.json()]).toEqual([403, { error: "Åtkomst nekad" }]);
    const [row] = await getDb().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ status: "pending", resolvedAt: null });
  });
});
