import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a Nominatim-compatible search API: `GET /search?format=jsonv2&q=…` answers a list of
 * at most one place, as Nominatim does. `mode` makes it fail the ways a real one does: refuse with a 503,
 * answer too slowly, answer something that is not JSON. Every request is recorded.
 */
type FakeGeocoderMode = "up" | "refuse" | "slow" | "garbage";

export type FakeGeocoder = {
  url: string;
  mode: FakeGeocoderMode;
  /** How long a slow answer takes. */
  slowMs: number;
  /** Known addresses (lower case) and where they are. */
  places: Map<string, { lat: number; lon: number }>;
  requests: { at: number; path: string; params: URLSearchParams; userAgent: string | undefined }[];
  close: () => Promise<void>;
};

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const fake: FakeGeocoder = {
    url: "",
    mode: "up",
    slowMs: 10_000,
    places: new Map(),
    requests: [],
    close: async () => {},
  };
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    fake.requests.push({
      at: Date.now(),
      path: url.pathname,
      params: url.searchParams,
      userAgent: req.headers["user-agent"],
    });
    const answer = () => {
      if (fake.mode === "refuse") {
        res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
        return;
      }
      if (fake.mode === "garbage") {
        res.writeHead(200, { "content-type": "text/html" }).end("<html>Bandwidth limit exceeded</html>");
        return;
      }
      const place = fake.places.get((url.searchParams.get("q") ?? "").toLowerCase());
      const body = place
        ? [
            {
              place_id: 1,
              licence: "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright",
              osm_type: "node",
              lat: String(place.lat),
              lon: String(place.lon),
              category: "place",
              type: "house",
              display_name: url.searchParams.get("q"),
              boundingbox: [String(place.lat), String(place.lat), String(place.lon), String(place.lon)],
            },
          ]
        : [];
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
    };
    if (fake.mode !== "slow") return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, fake.slowMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
