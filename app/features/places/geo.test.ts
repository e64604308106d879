import { describe, expect, it } from "vitest";
import { demoPosition } from "./demo-positions";
import { directionsUrl, distanceMeters, formatDistance, formatNara, parseNara } from "./geo";
import { isInSweden } from "./sweden";

const NARA_UNREADABLE = "Positionen i adressen kunde inte läsas, så listan visas utan avstånd.";
const NARA_OUTSIDE = "Positionen ligger utanför Sverige, så listan visas utan avstånd.";

const BRUNNSPARKEN = { latitude: 57.7068, longitude: 11.9685 };
const JARNTORGET = { latitude: 57.6996, longitude: 11.9536 };

describe("distanceMeters", () => {
  it("measures as the crow flies: Brunnsparken to Järntorget is about 1.2 km", () => {
    const d = distanceMeters(BRUNNSPARKEN, JARNTORGET);
    expect(d).toBeGreaterThan(1_150);
    expect(d).toBeLessThan(1_250);
    expect(distanceMeters(JARNTORGET, BRUNNSPARKEN)).toBeCloseTo(d, 6);
  });

  it("is zero for one place, and about 398 km from Göteborg to Stockholm", () => {
    expect(distanceMeters(BRUNNSPARKEN, BRUNNSPARKEN)).toBe(0);
    const stockholm = { latitude: 59.3293, longitude: 18.0686 };
    expect(distanceMeters(BRUNNSPARKEN, stockholm) / 1000).toBeCloseTo(398, -1);
  });
});

describe("formatDistance", () => {
  it("writes metres to 50 m under a kilometre, never less than 50 m", () => {
    expect(formatDistance(0)).toBe("50 m");
    expect(formatDistance(12)).toBe("50 m");
    expect(formatDistance(349)).toBe("350 m");
    expect(formatDistance(374)).toBe("350 m");
    expect(formatDistance(376)).toBe("400 m");
    expect(formatDistance(974)).toBe("950 m");
  });

  it("writes kilometres with a decimal comma under ten, whole ones beyond", () => {
    expect(formatDistance(980)).toBe("1,0 km");
    expect(formatDistance(1_234)).toBe("1,2 km");
    expect(formatDistance(9_940)).toBe("9,9 km");
    expect(formatDistance(9_960)).toBe("10 km");
    expect(formatDistance(12_345)).toBe("12 km");
    // Swedish groups thousands with a (no-break) space.
    expect(formatDistance(1_234_000).replace(/\s/g, " ")).toBe("1 234 km");
  });
});

describe("the visitor's position", () => {
  it("is rounded to three decimals, about 100 m", () => {
    expect(formatNara({ latitude: 57.708_87, longitude: 11.974_56 })).toBe("57.709,11.975");
    expect(formatNara({ latitude: 57.7, longitude: 11.97 })).toBe("57.700,11.970");
  });

  it("reads `nara` as latitude,longitude, rounding whatever precision it came with", () => {
    expect(parseNara(null)).toEqual({ kind: "none" });
    expect(parseNara("")).toEqual({ kind: "none" });
    expect(parseNara("57.709,11.975")).toEqual({
      kind: "position",
      point: { latitude: 57.709, longitude: 11.975 },
    });
    expect(parseNara(" 57.70887 , 11.97456 ")).toEqual({
      kind: "position",
      point: { latitude: 57.709, longitude: 11.975 },
    });
    expect(parseNara("59,18")).toEqual({ kind: "position", point: { latitude: 59, longitude: 18 } });
  });

  it("refuses what is not a position with one notice, and a position abroad with another", () => {
    for (const bad of [
      "abc",
      "57.7",
      "57.7;11.9",
      "57,7,11,9",
      "1e2,11",
      "57.7,11.9,3",
      "NaN,NaN",
      `${"9".repeat(80)},1`,
    ])
      expect(parseNara(bad)).toEqual({ kind: "invalid", notice: NARA_UNREADABLE });
    // Copenhagen, Oslo, Helsinki, the middle of the Atlantic.
    for (const abroad of ["55.676,12.568", "59.91,10.75", "60.17,24.94", "0,0", "-57.7,11.9"])
      expect(parseNara(abroad)).toEqual({ kind: "invalid", notice: NARA_OUTSIDE });
  });
});

describe("isInSweden", () => {
  it("holds Sweden's cities and edges, and not its neighbours' nearest towns", () => {
    const inside = [
      [57.7089, 11.9746], // Göteborg
      [59.3293, 18.0686], // Stockholm
      [55.605, 13.0038], // Malmö
      [55.395, 12.82], // Falsterbo
      [56.046, 12.694], // Helsingborg
      [58.939, 11.171], // Strömstad
      [67.855, 20.225], // Kiruna
      [65.835, 24.137], // Haparanda
      [57.634, 18.294], // Visby
      [63.318, 12.1], // Storlien
    ];
    const outside = [
      [55.676, 12.568], // Copenhagen
      [56.036, 12.613], // Helsingør
      [55.1, 14.7], // Rønne, Bornholm
      [59.12, 11.39], // Halden
      [68.44, 17.43], // Narvik
      [60.1, 19.94], // Mariehamn
      [65.73, 24.56], // Kemi
      [52.52, 13.4], // Berlin
    ];
    for (const [lat, lon] of inside) expect(isInSweden(lat!, lon!), `${lat},${lon}`).toBe(true);
    for (const [lat, lon] of outside) expect(isInSweden(lat!, lon!), `${lat},${lon}`).toBe(false);
    expect(isInSweden(Number.NaN, 12)).toBe(false);
  });
});

describe("directions and the demo's venues", () => {
  it("link OpenStreetMap's route planner with the venue as the destination", () => {
    expect(directionsUrl({ latitude: 57.70887, longitude: 11.97456 })).toBe(
      "https://www.openstreetmap.org/directions?to=57.70887%2C11.97456#map=17/57.70887/11.97456",
    );
  });

  it("put each demo venue at the same point in its own city on every seed", () => {
    const first = demoPosition("Göteborg", "Krogen Kompassen");
    expect(demoPosition("Göteborg", "Krogen Kompassen")).toEqual(first);
    expect(demoPosition("Göteborg", "Vinylbaren Spinn")).not.toEqual(first);
    const centres = {
      Göteborg: { latitude: 57.7, longitude: 11.97 },
      Stockholm: { latitude: 59.34, longitude: 18.06 },
      Malmö: { latitude: 55.6, longitude: 13.0 },
    } as const;
    for (const city of ["Göteborg", "Stockholm", "Malmö"] as const)
      for (const venue of ["A", "B", "Baren", "Puben på hörnet", "Kvarterskrogen"]) {
        const point = demoPosition(city, venue);
        expect(isInSweden(point.latitude, point.longitude)).toBe(true);
        expect(distanceMeters(point, centres[city])).toBeLessThan(2_500);
      }
  });
});
