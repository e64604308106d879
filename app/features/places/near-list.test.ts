import { describe, expect, it } from "vitest";
import {
  keepNear,
  type NearCandidate,
  nearHref,
  nearTonight,
  parseNearOrder,
  readPosition,
} from "./near-list";

const HERE = { latitude: 57.709, longitude: 11.975 };

function candidate(id: string, time: string, position: NearCandidate["position"], extra = {}): NearCandidate {
  return {
    id,
    href: `/quiz/goteborg/${id}`,
    title: `Quiz ${id}`,
    location: `Krogen ${id}`,
    position,
    nights: [{ start: `2026-12-01T${time}:00.000Z`, time, cancelled: false, isRunning: false }],
    ...extra,
  };
}

// About 350 m, 1.3 km and 5 km from HERE, and one without a position.
const near = candidate("nara", "19:00", { latitude: 57.7105, longitude: 11.9805 });
const middle = candidate("mitten", "18:00", { latitude: 57.7, longitude: 11.962 });
const far = candidate("langt", "17:30", { latitude: 57.7, longitude: 12.058 });
const unknown = candidate("okand", "18:30", null);

describe("nearTonight", () => {
  it("lists tonight's nights in time order with Swedish distances, an unknown one as unknown", () => {
    const listing = nearTonight([near, middle, far, unknown], HERE, "tid");
    expect(listing.order).toBe("tid");
    expect(listing.total).toBe(4);
    expect(listing.rows.map((r) => [r.time, r.distance])).toEqual([
      ["17:30", "5,0 km"],
      ["18:00", "1,3 km"],
      ["18:30", null],
      ["19:00", "350 m"],
    ]);
  });

  it("puts the nearest first on request, the unknown last", () => {
    const listing = nearTonight([near, middle, far, unknown], HERE, "narmast");
    expect(listing.rows.map((r) => r.title)).toEqual([
      "Quiz nara",
      "Quiz mitten",
      "Quiz langt",
      "Quiz okand",
    ]);
    expect(listing.rows[0]?.meters).toBeLessThan(listing.rows[1]!.meters!);
  });

  it("is bounded, and counts what it leaves out", () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      candidate(`q${i}`, `${String(17 + (i % 5)).padStart(2, "0")}:${String(i).padStart(2, "0")}`, HERE),
    );
    const listing = nearTonight(many, HERE, "tid", 12);
    expect(listing.rows).toHaveLength(12);
    expect(listing.total).toBe(30);
    const starts = listing.rows.map((r) => r.time);
    expect([...starts].sort()).toEqual(starts);
  });

  it("keeps a cancelled or running night, marked", () => {
    const cancelled = candidate("inst", "19:00", HERE, {
      nights: [{ start: "2026-12-01T18:00:00.000Z", time: "19:00", cancelled: true, isRunning: false }],
    });
    const [row] = nearTonight([cancelled], HERE, "tid").rows;
    expect(row).toMatchObject({ cancelled: true, running: false, distance: "50 m" });
  });
});

describe("the address", () => {
  it("reads the order, and the position through parseNara", () => {
    expect(parseNearOrder("narmast")).toBe("narmast");
    expect(parseNearOrder(null)).toBe("tid");
    expect(parseNearOrder("avstand")).toBe("tid");
    expect(readPosition(new URLSearchParams("nara=57.709,11.975"))).toEqual({
      kind: "position",
      point: HERE,
    });
    expect(readPosition(new URLSearchParams("stad=goteborg")).kind).toBe("none");
  });

  it("sets the position and order keeping the page's filters, and drops the page number", () => {
    const params = new URLSearchParams("cities=goteborg&types=Quiz&sida=3");
    expect(nearHref(params, { position: "57.709,11.975" })).toBe(
      "?cities=goteborg&types=Quiz&nara=57.709,11.975",
    );
    const withPosition = new URLSearchParams("cities=goteborg&nara=57.709,11.975");
    expect(nearHref(withPosition, { order: "narmast" })).toBe(
      "?cities=goteborg&nara=57.709,11.975&ordning=narmast",
    );
    expect(nearHref(new URLSearchParams("nara=1,2&ordning=narmast&q=x"), { order: "tid" })).toBe(
      "?nara=1,2&q=x",
    );
    expect(nearHref(new URLSearchParams("q=x&nara=1,2&ordning=narmast"), { position: null })).toBe("?q=x");
  });

  it("keeps the position and order when the listing's filter changes", () => {
    const from = new URLSearchParams("cities=goteborg&nara=57.709,11.975&ordning=narmast");
    expect(keepNear("?cities=goteborg,malmo", from)).toBe(
      "?cities=goteborg,malmo&nara=57.709,11.975&ordning=narmast",
    );
    expect(keepNear("?cities=malmo", new URLSearchParams("cities=goteborg"))).toBe("?cities=malmo");
    expect(keepNear("", new URLSearchParams("nara=57.709,11.975"))).toBe("?nara=57.709,11.975");
  });
});
