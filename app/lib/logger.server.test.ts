import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";

/** The process logger, loaded afresh with its stdout destination swapped for an array. */
async function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  vi.spyOn(pino, "destination").mockReturnValue(stream as unknown as ReturnType<typeof pino.destination>);
  vi.resetModules();
  const { logger } = await import("./logger.server");
  vi.restoreAllMocks();
  logger.level = "info";
  return { logger, lines };
}

describe("the process logger", () => {
  it("writes a url or link field with its tokens redacted, from child loggers too", async () => {
    const { logger, lines } = await capture();
    logger.info({ url: "/utskick/avsluta/hemlig123?token=abc" }, "request");
    logger.child({ requestId: "r1" }).error({ url: "/mina-quiz/hemlig456/kalender.ics" }, "unhandled error");
    logger.info({ link: "http://localhost:3000/admin?token_hash=hemlig789&type=recovery" }, "mail");
    logger.info({ url: 42, link: null }, "odd values pass as they are");
    expect(lines.map((l) => [l.url, l.link])).toEqual([
      ["/utskick/avsluta/[redacted]?token=[redacted]", undefined],
      ["/mina-quiz/[redacted]/kalender.ics", undefined],
      [undefined, "http://localhost:3000/admin?token_hash=[redacted]&type=recovery"],
      [42, null],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/hemlig|abc/);
  });
});
