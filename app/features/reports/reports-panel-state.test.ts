import { describe, expect, it } from "vitest";
import type { AdminReport } from "./reports-admin.server";
import { markResolved, removeReport } from "./reports-panel-state";

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

describe("optimistic report changes", () => {
  it("resolves at once and rolls back to the exact prior report", () => {
    const list = [report("a"), report("b")];
    const change = markResolved(list, "a", new Date("2026-11-22T12:00:00Z"));
    expect(change.next[0]).toMatchObject({ status: "resolved", resolvedAt: "2026-11-22T12:00:00.000Z" });
    expect(change.undo(change.next)).toEqual(list);
  });

  it("removes at once and puts the report back in its place on failure", () => {
    const list = [report("a", "x"), report("b", "y"), report("c", "z")];
    const change = removeReport(list, "b");
    expect(change.next.map((r) => r.id)).toEqual(["a", "c"]);
    expect(change.undo(change.next)).toEqual(list);
    // Undo never duplicates a report that is already back.
    expect(change.undo(list)).toEqual(list);
  });
});
