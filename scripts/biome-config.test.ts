import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIOME_JSON, biomeConfig, biomeJson, FEATURE_DEPENDENCIES } from "./biome-config";

describe("biome.json", () => {
  it("is what scripts/biome-config.ts writes (run npm run biome:config after editing it)", () => {
    expect(fs.readFileSync(BIOME_JSON, "utf8")).toBe(biomeJson());
  });

  it("is valid JSON holding the generated configuration", () => {
    expect(JSON.parse(biomeJson())).toEqual(biomeConfig());
  });

  it("states the dependencies of exactly the folders in app/features", () => {
    const features = fs
      .readdirSync(path.resolve("app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(FEATURE_DEPENDENCIES).sort()).toEqual(features.sort());
  });
});
