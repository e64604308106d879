import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIOME_JSON, biomeConfig, biomeJson } from "./biome-config";

describe("biome.json", () => {
  it("is what scripts/biome-config.mjs writes (run npm run biome:config after editing it)", () => {
    expect(fs.readFileSync(BIOME_JSON, "utf8")).toBe(biomeJson());
  });

  it("is valid JSON holding the generated configuration", () => {
    expect(JSON.parse(biomeJson())).toEqual(biomeConfig());
  });

  it("gives every feature folder its own boundary, one line in the generated file", () => {
    const lines = biomeJson().split("\n");
    const features = fs
      .readdirSync(path.resolve("app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const feature of features) {
      expect(
        lines.filter((line) => line.includes(`"includes": ["app/features/${feature}/**"]`)),
      ).toHaveLength(1);
    }
  });
});
