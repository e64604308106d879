import { describe, expect, it } from "vitest";
import { redirectTarget } from "./redirects";

describe("redirects of old and short addresses", () => {
  it("sends the weekly quiz aliases to /veckans-nutidsquiz", () => {
    expect(redirectTarget("/veckans-quiz")).toBe("/veckans-nutidsquiz");
    expect(redirectTarget("/quiz")).toBe("/veckans-nutidsquiz");
    expect(redirectTarget("/quiz/")).toBe("/veckans-nutidsquiz");
    expect(redirectTarget("/quizfragor")).toBe("/veckans-nutidsquiz");
    expect(redirectTarget("/quizfragor/nutidsquiz/vecka-47")).toBe("/veckans-nutidsquiz/vecka-47");
  });

  it("moves /pubquiz and bare city paths under /quiz", () => {
    expect(redirectTarget("/pubquiz/goteborg")).toBe("/quiz/goteborg");
    expect(redirectTarget("/pubquiz/malmo/tisdag")).toBe("/quiz/malmo/tisdag");
    expect(redirectTarget("/goteborg")).toBe("/quiz/goteborg");
    expect(redirectTarget("/stockholm")).toBe("/quiz/stockholm");
    expect(redirectTarget("/malmo")).toBe("/quiz/malmo");
  });

  it("leaves other paths alone", () => {
    expect(redirectTarget("/paris")).toBeNull();
    expect(redirectTarget("/quizfragor/x")).toBeNull();
  });
});
