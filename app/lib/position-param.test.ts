import { describe, expect, it } from "vitest";
import { carriesPosition } from "./position-param";

describe("carriesPosition", () => {
  it("finds the position parameter whatever its value, spelling or place in the query", () => {
    for (const url of [
      "/?nara=57.709,11.975",
      "/quiz/goteborg?ordning=narmast&nara=57.709%2C11.975",
      "/_root.data?nara=",
      "/?NARA=1",
      "/?n%61ra=x",
      "/?nara",
    ])
      expect(carriesPosition(url), url).toBe(true);
  });

  it("is false without it", () => {
    for (const url of [
      undefined,
      "/",
      "/quiz/goteborg",
      "/?naralist=1",
      "/?q=nara",
      "/#nara=1",
      "/?x=1#nara=2",
    ])
      expect(carriesPosition(url), String(url)).toBe(false);
  });
});
