import { describe, expect, it } from "vitest";
import type { EventView, NightView } from "~/features/events/public";
import { cityMapFilter, cityMapNights } from "./city-map";

const DATES = { today: "2026-12-01", tomorrow: "2026-12-02" };

function night(date: string, time: string, extra: Partial<NightView> = {}): NightView {
  return {
    date,
    time,
    weekday: date === DATES.today ? "Tisdag" : date === DATES.tomorrow ? "Onsdag" : "Torsdag",
    start: `${date}T${time}:00.000+01:00`,
    cancelled: false,
    note: null,
    isExtra: false,
    isRunning: false,
    ...extra,
  };
}

type Mappable = Pick<EventView, "slug" | "title" | "position" | "soon" | "nights">;

function event(slug: string, extra: Partial<Mappable> = {}): Mappable {
  return {
    slug,
    title: `Quiz ${slug}`,
    position: { latitude: 57.7071234, longitude: 11.9684567 },
    soon: null,
    nights: [night("2026-12-03", "19:00")],
    ...extra,
  };
}

const tonight = event("ikvall", {
  soon: { text: "Ikväll 19:00", tone: "tonight" },
  nights: [night(DATES.today, "19:00"), night(DATES.tomorrow, "20:00")],
});
const running = event("pagar", {
  soon: { text: "Pågår sedan 18:00", tone: "running" },
  nights: [night(DATES.today, "18:00", { isRunning: true })],
});
const cancelled = event("installt", {
  soon: { text: "Inställt ikväll", tone: "cancelled" },
  nights: [
    night(DATES.today, "19:00", { cancelled: true }),
    night(DATES.tomorrow, "19:00", { cancelled: true }),
  ],
});
const tomorrow = event("imorgon", {
  soon: { text: "Imorgon 18:30", tone: "tomorrow" },
  nights: [night(DATES.tomorrow, "18:30")],
});
const later = event("torsdag");
const unplaced = event("utan-plats", { position: null });

describe("cityMapNights", () => {
  it("marks tonight's and running nights apart, greys cancelled ones and labels the rest by their next night", () => {
    const { nights, unplaced: without } = cityMapNights(
      [tonight, running, cancelled, tomorrow, later, unplaced],
      null,
      DATES,
    );
    expect(nights.map((n) => [n.slug, n.label, n.tone])).toEqual([
      ["ikvall", "Ikväll 19:00", "tonight"],
      ["pagar", "Pågår sedan 18:00", "tonight"],
      ["installt", "Inställt ikväll", "cancelled"],
      ["imorgon", "Imorgon 18:30", "other"],
      ["torsdag", "Torsdag 19:00", "other"],
    ]);
    expect(without).toBe(1);
  });

  it("sends only what a marker needs, its position to about a metre", () => {
    const [marker] = cityMapNights([later], null, DATES).nights;
    expect(marker).toEqual({
      slug: "torsdag",
      title: "Quiz torsdag",
      lat: 57.70712,
      lng: 11.96846,
      label: "Torsdag 19:00",
      tone: "other",
    });
  });

  it("labels tomorrow's nights by tomorrow when the filter is Imorgon", () => {
    const { nights } = cityMapNights([tonight, cancelled, tomorrow], "imorgon", DATES);
    expect(nights.map((n) => [n.slug, n.label, n.tone])).toEqual([
      ["ikvall", "Imorgon 20:00", "other"],
      ["installt", "Inställt imorgon", "cancelled"],
      ["imorgon", "Imorgon 18:30", "other"],
    ]);
  });
});

describe("cityMapFilter", () => {
  it("takes the list's filter for the page's city, whatever city the address names", () => {
    const filter = cityMapFilter("Malmö", new URLSearchParams("dag=ikvall&cities=goteborg&types=MusikQuiz"));
    expect(filter).toMatchObject({ cities: ["Malmö"], day: "ikvall", types: ["MusikQuiz"], weekdays: [] });
    expect(cityMapFilter("Malmö", new URLSearchParams("dag=sondag")).day).toBeNull();
  });
});
