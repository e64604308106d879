import { describe, expect, it } from "vitest";
import { parseDuration, parseWrk } from "./wrk";

const OUTPUT = `Running 10s test @ http://127.0.0.1:3000/
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.35ms  512.00us  20.01ms   90.00%
    Req/Sec    13.70k     1.20k   15.00k    70.00%
  Latency Distribution
     50%    2.20ms
     75%    2.50ms
     90%    2.90ms
     99%    1.02s
  136412 requests in 10.00s, 4.52GB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:  13641.20
Transfer/sec:    462.50MB
`;

describe("wrk output", () => {
  it("reads rate, count, percentiles, errors and non-2xx", () => {
    expect(parseWrk(OUTPUT)).toEqual({
      reqPerSec: 13641,
      requests: 136412,
      p50Ms: 2.2,
      p99Ms: 1020,
      non2xx: 7,
      socketErrors: 5,
    });
  });

  it("converts every unit wrk prints to milliseconds", () => {
    expect(parseDuration("850.00us")).toBeCloseTo(0.85);
    expect(parseDuration("3.10ms")).toBe(3.1);
    expect(parseDuration("1.50s")).toBe(1500);
    expect(parseDuration("1.00m")).toBe(60_000);
    expect(parseDuration("soon")).toBeNaN();
  });
});
