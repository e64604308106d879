// @vitest-environment jsdom
import { expect, it } from "vitest";

it("turns zod's eval probe off in the browser without importing zod first", async () => {
  await import("./zod-in-browser");
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
});
