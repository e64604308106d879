import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseEnv", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.isEmbeddedDb).toBe(true);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.BEER_JOB_CRON).toBe("0 17 * * *");
  });

  it("reads MAP_TILES_URL, OpenStreetMap's tiles by default, and refuses a template it cannot use", () => {
    expect(parseEnv({}).mapTiles).toEqual({
      template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      origin: "https://tile.openstreetmap.org",
    });
    expect(parseEnv({ MAP_TILES_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png" }).mapTiles.origin).toBe(
      "http://127.0.0.1:9",
    );
    const problems = problemsOf({ MAP_TILES_URL: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" });
    expect(problems).toEqual([
      'Invalid configuration: MAP_TILES_URL="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png": may use only the placeholders {z}, {x} and {y} (tiles must come from one origin)',
    ]);
  });

  it("reports one line per bad value, naming the variable", () => {
    const problems = problemsOf({ PORT: "abc", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Invalid configuration: PORT="abc": /);
    expect(problems.join("\n")).toContain("DATABASE_URL");
    expect(problems.join("\n")).toContain("LOG_LEVEL");
    for (const line of problems) expect(line).not.toContain("\n");
  });

  it("reads TRUST_PROXY as a hop count or proxy addresses, and refuses believing every hop", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, loopback,::1,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "loopback",
      "::1",
      "fd00::/8",
    ]);
    for (const bad of ["true", "yes", "10.0.0.0/33", "proxy.example.se", "1.2.3", "loopback,,x"]) {
      const problems = problemsOf({ TRUST_PROXY: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^Invalid configuration: TRUST_PROXY="${bad}": `));
      expect(problems[0]).not.toContain("\n");
    }
  });

  it("requires complete S3 settings and an LLM endpoint for the llm provider", () => {
    expect(problemsOf({ S3_BUCKET: "b" })[0]).toContain("S3_*");
    expect(problemsOf({ QUIZ_PROVIDER: "llm" })[0]).toContain("LLM_BASE_URL");
  });

  it("treats empty strings as unset and parses lists and flags", () => {
    const env = parseEnv({ PORT: "", NEWS_FEEDS: "https://a.se/rss, https://b.se/rss", SEED_DEMO: "off" });
    expect(env.PORT).toBe(3000);
    expect(env.NEWS_FEEDS).toEqual(["https://a.se/rss", "https://b.se/rss"]);
    expect(env.SEED_DEMO).toBe(false);
  });

  it("names the privacy controller and contact, by default from the public host", () => {
    const defaults = parseEnv({ PUBLIC_URL: "https://www.quizkvall.se" });
    expect(defaults.PRIVACY_CONTROLLER).toBe("Quizkväll");
    expect(defaults.privacyContact).toBe("integritet@quizkvall.se");
    expect(defaults.PRIVACY_TRANSFERS).toBeUndefined();
    expect([defaults.PRIVACY_LOG_DAYS, defaults.PRIVACY_BACKUP_DAYS]).toEqual([30, 30]);
    const set = parseEnv({
      PRIVACY_CONTROLLER: " Quizkväll AB (org.nr 559000-0000) ",
      PRIVACY_CONTACT: "dataskydd@example.se",
      PRIVACY_LOG_DAYS: "14",
    });
    expect(set.PRIVACY_CONTROLLER).toBe("Quizkväll AB (org.nr 559000-0000)");
    expect(set.privacyContact).toBe("dataskydd@example.se");
    expect(set.PRIVACY_LOG_DAYS).toBe(14);
  });

  it("refuses a privacy contact that is no address, text on several lines and days out of range", () => {
    expect(problemsOf({ PRIVACY_CONTACT: "integritet" })[0]).toMatch(
      /^Invalid configuration: PRIVACY_CONTACT="integritet": must be an e-mail address$/,
    );
    expect(problemsOf({ PRIVACY_CONTROLLER: "Quizkväll\nAB" })[0]).toContain("PRIVACY_CONTROLLER");
    expect(problemsOf({ PRIVACY_TRANSFERS: "x".repeat(601) })[0]).toContain("PRIVACY_TRANSFERS");
    expect(problemsOf({ PRIVACY_BACKUP_DAYS: "0" })[0]).toContain("PRIVACY_BACKUP_DAYS");
    expect(problemsOf({ PRIVACY_LOG_DAYS: "forever" })[0]).toContain("PRIVACY_LOG_DAYS");
  });
});
