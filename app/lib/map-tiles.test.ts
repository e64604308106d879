import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_TILES_URL, parseTileTemplate } from "./map-tiles";

describe("parseTileTemplate", () => {
  it("reads OpenStreetMap's template and its origin", () => {
    expect(parseTileTemplate(DEFAULT_MAP_TILES_URL)).toEqual({
      ok: true,
      server: { template: DEFAULT_MAP_TILES_URL, origin: "https://tile.openstreetmap.org" },
    });
  });

  it("keeps a port and a path, and takes plain http (a local tile server)", () => {
    expect(parseTileTemplate("http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png?key=abc")).toEqual({
      ok: true,
      server: {
        template: "http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png?key=abc",
        origin: "http://127.0.0.1:8080",
      },
    });
  });

  it.each([
    ["https://tile.openstreetmap.org/{z}/{x}.png", "{y} exactly once"],
    ["https://tile.example.se/{z}/{x}/{y}/{y}.png", "{y} exactly once"],
    ["https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", "only the placeholders"],
    ["https://tile.example.se/{z}/{x}/{y}{r}.png", "only the placeholders"],
    ["https://z{z}.example.se/{x}/{y}.png", "out of the host name"],
    ["ftp://tile.example.se/{z}/{x}/{y}.png", "http(s) address"],
    ["javascript:{z}{x}{y}", "http(s) address"],
    ["https://user:pass@tile.example.se/{z}/{x}/{y}.png", "without a user name"],
    ["tile.example.se/{z}/{x}/{y}.png", "http(s) address"],
    ["https://tile.example.se/{z}/{x}/{y}.png\nx", "spaces"],
  ])("refuses %s", (value, message) => {
    const reading = parseTileTemplate(value);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.message).toContain(message);
  });
});
