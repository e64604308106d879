import { describe, expect, it } from "vitest";
import { buildWorkQueue, type ReportEntry } from "./work-queue";

const entry = (id: string, createdAt: string): ReportEntry => ({
  kind: "report",
  id,
  createdAt,
  title: id,
  description: "",
  eventId: null,
  eventTitle: null,
  eventPath: null,
});

const stale = { total: 0, first: [] };

describe("buildWorkQueue", () => {
  it("orders newest first, the larger id first at the same instant, and counts what the page leaves out", () => {
    const reports = [
      entry("a", "2026-11-01T10:00:00.000Z"),
      entry("b", "2026-11-01T11:00:00.000Z"),
      entry("c", "2026-11-01T11:00:00.000Z"),
    ];
    const queue = buildWorkQueue({
      claims: [],
      reports,
      counts: { claims: 0, reports: 3, suggestions: 0 },
      stale,
      page: 1,
      size: 2,
    });
    expect(queue.entries.map((e) => e.id)).toEqual(["c", "b"]);
    expect(queue).toMatchObject({ page: 1, pages: 2, rest: 1 });
  });

  it("keeps a linked entry from a later page on this one, and gives the last page for one past it", () => {
    const reports = ["1", "2", "3"].map((n) => entry(n, `2026-11-0${n}T10:00:00.000Z`));
    const input = { claims: [], reports, counts: { claims: 0, reports: 3, suggestions: 0 }, stale, size: 2 };
    const linked = buildWorkQueue({ ...input, page: 1, alsoId: "1" });
    expect(linked.entries.map((e) => e.id)).toEqual(["3", "2", "1"]);
    expect(linked.rest).toBe(0);
    expect(buildWorkQueue({ ...input, page: 9 }).entries.map((e) => e.id)).toEqual(["1"]);
  });
});
