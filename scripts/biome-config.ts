// `npm run biome:config` writes biome.json from this file: the formatter and lint rules, and the import
// boundaries of each layer and feature (docs/decisions/017). Edit here, run it, commit both;
// scripts/biome-config.test.ts fails while the committed biome.json differs from what this writes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Each feature in app/features and the features whose public modules it may import. A new feature is one
 * line here; a new dependency between features is one name added to a line, made on purpose.
 */
export const FEATURE_DEPENDENCIES: Record<string, string[]> = {
  admin: ["auth", "event-editor"],
  auth: ["mail"],
  "beer-activity": ["beers", "jobs"],
  beers: [],
  confirmations: ["event-history", "event-nights", "events", "follows", "hosts", "mail"],
  "event-calendar": ["events"],
  "event-cards": ["beers", "event-calendar", "events", "places", "reports"],
  "event-editor": ["event-history", "event-nights", "events", "images", "places", "reports"],
  "event-history": ["events"],
  "event-listing": ["beers", "event-cards", "events", "places"],
  "event-nights": ["event-history", "events"],
  "event-widget": ["events"],
  events: ["images"],
  follows: ["event-calendar", "events", "leagues", "mail", "quizzes"],
  hosts: ["events", "mail", "auth"],
  images: [],
  jobs: [],
  leagues: ["play", "quizzes"],
  mail: [],
  places: [],
  play: ["quizzes"],
  privacy: ["auth", "beer-activity", "beers", "confirmations", "follows", "hosts", "mail", "play", "reports"],
  "quiz-generation": ["mail", "quizzes"],
  quizzes: ["images"],
  reports: [],
  seo: ["events", "quizzes"],
};

/** The app shell and the routes: off limits to every layer below them. */
const SHELL = ["~/routes/**", "~/demo/**", "~/root", "~/*.server"];
/** A feature's own files import each other relatively, and a relative path may not leave the feature. */
const FEATURE_RELATIVE = ["../../**", "../*/**", "!../../../tests/**", "!../../../../tests/**"];

const publicOf = (features: string[]) => features.map((name) => `!~/features/${name}/public*`);

type Boundary = { folder: string; group: string[]; message: string };

/** The layers: db ← lib ← components ← features ← routes, the demo seed and the app shell. */
const LAYERS: Boundary[] = [
  {
    folder: "app/db",
    group: ["~/**", "!~/db/**", "../**"],
    message:
      "app/db is the bottom layer: the schema and db-level helpers import only drizzle and each other.",
  },
  {
    folder: "app/lib",
    group: ["~/features/**", "~/components/**", ...SHELL, "../**", "!../../tests/**"],
    message:
      "app/lib sits below the features: it imports db and lib only, never a feature, component, route or the app shell.",
  },
  {
    folder: "app/components",
    group: ["~/features/**", ...SHELL, "../../**"],
    message:
      "app/components sits below the features: it imports lib and components only, never a feature, route or the app shell.",
  },
  {
    // A folder in app/features without a line in FEATURE_DEPENDENCIES still gets the general rule.
    folder: "app/features",
    group: ["~/features/**", "!~/features/*/public*", ...SHELL, ...FEATURE_RELATIVE],
    message:
      "A feature imports another only through its public module (~/features/<name>/public*); give a new feature its own line in scripts/biome-config.ts.",
  },
  ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, uses]) => ({
    folder: `app/features/${feature}`,
    group: ["~/features/**", ...publicOf(uses), ...SHELL, ...FEATURE_RELATIVE],
    message:
      uses.length === 0
        ? `features/${feature} may not import another feature; its own files are imported relatively; routes and the app shell are off limits.`
        : `features/${feature} may use other features only through the public modules of ${uses.join(", ")} (~/features/<name>/public*); its own files are imported relatively; routes and the app shell are off limits.`,
  })),
  {
    folder: "app/demo",
    group: [
      "~/features/**",
      ...publicOf(["events", "quizzes", "images", "places", "quiz-generation"]),
      ...SHELL,
    ],
    message:
      "The demo seed writes content through the events, quizzes, images, places and quiz-generation public modules only.",
  },
  {
    folder: "app/routes",
    group: [...SHELL, "../**"],
    message:
      "A route module uses features, lib and components; it never imports another route or the app shell.",
  },
];

/** Biome applies overrides in order; a later one replaces an earlier one's options for the same rule. */
function boundary({ folder, group, message }: Boundary) {
  return {
    includes: [`${folder}/**`],
    linter: {
      rules: {
        style: { noRestrictedImports: { level: "error", options: { patterns: [{ group, message }] } } },
      },
    },
  };
}

export function biomeConfig() {
  return {
    $schema: "https://biomejs.dev/schemas/2.6.8/schema.json",
    vcs: { enabled: true, clientKind: "git", useIgnoreFile: true },
    files: {
      ignoreUnknown: true,
      includes: ["**", "!drizzle", "!**/*.json", "!bench/results", "!public", "!tests/fixtures/boundaries"],
    },
    formatter: { enabled: true, indentStyle: "space", indentWidth: 2, lineWidth: 110 },
    linter: {
      enabled: true,
      rules: {
        preset: "recommended",
        style: {
          useFilenamingConvention: {
            level: "error",
            options: { filenameCases: ["kebab-case"], requireAscii: true },
          },
          noNonNullAssertion: "off",
        },
        suspicious: { noArrayIndexKey: "off", noImportCycles: "error" },
        a11y: { noSvgWithoutTitle: "off" },
        complexity: { noImportantStyles: "off" },
      },
    },
    css: { parser: { tailwindDirectives: true } },
    javascript: { formatter: { quoteStyle: "double" } },
    // Every JSON file but this one is left out above; this one is written by this script, one line an override.
    json: { formatter: { enabled: false } },
    assist: { enabled: true, actions: { source: { organizeImports: "on" } } },
    overrides: LAYERS.map(boundary),
  };
}

const WIDTH = 110;

/** A value on one line: `{ "a": ["b", "c"] }`. */
function oneLine(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, " ").replace(/\[ /g, "[").replace(/ \]/g, "]");
}

/**
 * JSON with two-space indents and a value on one line wherever it fits in the line width; each override
 * stands on a line of its own however long, so a changed boundary is a one-line diff.
 */
function render(value: unknown, indent = "", key = ""): string {
  const flat = oneLine(value);
  const inner = `${indent}  `;
  if (key === "overrides" && Array.isArray(value))
    return `[\n${value.map((item) => `${inner}${oneLine(item)}`).join(",\n")}\n${indent}]`;
  if (typeof value !== "object" || value === null || indent.length + key.length + 4 + flat.length <= WIDTH) {
    return flat;
  }
  const items = Array.isArray(value)
    ? value.map((item) => `${inner}${render(item, inner)}`)
    : Object.entries(value).map(
        ([name, item]) => `${inner}${JSON.stringify(name)}: ${render(item, inner, name)}`,
      );
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${items.join(",\n")}\n${indent}${close}`;
}

export function biomeJson() {
  return `${render(biomeConfig())}\n`;
}

export const BIOME_JSON = path.resolve(import.meta.dirname, "../biome.json");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(BIOME_JSON, biomeJson());
}
