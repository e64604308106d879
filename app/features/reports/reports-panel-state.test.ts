import { describe, expect, it } from "vitest";
import type { AdminReport } from "./reports-admin.server";
import {
  applyReportChange,
  countsWhilePending,
  isReportIntent,
  reportActionPath,
  reportIdOfAction,
} from "./reports-panel-state";

const report = (id: string, resolvedAt: string | null = null): AdminReport => ({
  id,
  eventId: null,
  eventTitle: null,
  eventPath: null,
  reportType: "other",
  title: `Rapport ${id}`,
  description: "Text",
  reporterName: null,
  contactEmail: null,
  status: resolvedAt ? "resolved" : "pending",
  createdAt: "2026-11-22T10:00:00.000Z",
  resolvedAt,
});

describe("report panel changes", () => {
  it("marks a report resolved with the server's time and leaves the others as they were", () => {
    const list = [report("a"), report("b")];
    const next = applyReportChange(list, {
      intent: "resolve",
      id: "a",
      resolvedAt: "2026-11-22T12:00:00.000Z",
    });
    expect(next[0]).toMatchObject({ status: "resolved", resolvedAt: "2026-11-22T12:00:00.000Z" });
    expect(next[1]).toBe(list[1]);
  });

  it("removes a deleted report and keeps the order of the rest", () => {
    const list = [report("a", "x"), report("b", "y"), report("c", "z")];
    const next = applyReportChange(list, { intent: "delete", id: "b", resolvedAt: null });
    expect(next.map((r) => r.id)).toEqual(["a", "c"]);
  });

  it("counts changes on their way: a resolve one fewer waiting, a delete one fewer in all", () => {
    expect(countsWhilePending({ total: 5, pending: 2 }, ["resolve", "delete", "delete"])).toEqual({
      total: 3,
      pending: 1,
    });
    expect(countsWhilePending({ total: 1, pending: 0 }, ["resolve", "delete", "delete"])).toEqual({
      total: 0,
      pending: 0,
    });
  });

  it("knows the report action's path and only its own forms", () => {
    const id = "11111111-1111-4111-8111-111111111111";
    expect(reportIdOfAction(reportActionPath(id))).toBe(id);
    expect(reportIdOfAction("/admin/events/new")).toBeNull();
    expect(reportIdOfAction(undefined)).toBeNull();
    expect([isReportIntent("resolve"), isReportIntent("delete"), isReportIntent("reopen")]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
