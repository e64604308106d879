import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = createLogger(stream);
  logger.level = "info";
  return { logger, lines };
}

describe("the process logger", () => {
  it("writes a url or link field with its tokens redacted, from child loggers too", () => {
    const { logger, lines } = capture();
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
