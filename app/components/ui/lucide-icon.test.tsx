import fs from "node:fs";
import path from "node:path";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

type IconModule = { __iconData: Parameters<typeof createLucideIcon>[0]; default: ComponentType<object> };

/** lucide's own icon module (here not redirected to the app's factory: the unit tests use no build plugin). */
const iconsDirectory = path.join(process.cwd(), "node_modules/lucide-react/dist/esm/icons");
const loadLucideIcon = (name: string): Promise<IconModule> =>
  import(path.join(iconsDirectory, `${name}.mjs`));

/** Every icon the app imports from lucide-react, as lucide's file names. */
function iconsTheAppUses(): string[] {
  const names = new Set<string>();
  const index = fs.readFileSync(path.join(iconsDirectory, "../lucide-react.mjs"), "utf8");
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, "utf8");
        for (const [, list] of source.matchAll(/import \{([^}]*)\} from "lucide-react"/g))
          for (const name of (list ?? "")
            .split(",")
            .map((n) => n.trim())
            .filter(Boolean)) {
            const module = new RegExp(`default as ${name}\\b[^;]*from '\\./icons/([\\w-]+)\\.mjs'`).exec(
              index,
            );
            if (!module?.[1]) throw new Error(`No lucide icon module for ${name}`);
            names.add(module[1]);
          }
      }
    }
  };
  walk(path.join(process.cwd(), "app"));
  return [...names].sort();
}

const PROPS: Record<string, object> = {
  bare: {},
  "a class and aria-hidden": { className: "size-5 shrink-0", "aria-hidden": true },
  "a label": { "aria-label": "Stäng", className: "size-4" },
  "a size, colour and stroke width": { size: 16, color: "red", strokeWidth: 1.5 },
  "a role and a repeated class": { role: "img", className: "lucide size-4" },
};

describe("the app's lucide icon factory", () => {
  const names = iconsTheAppUses();

  it("finds the icons the app uses", () => {
    expect(names).toContain("beer");
    expect(names).toContain("chart-column");
    expect(names.length).toBeGreaterThan(40);
  });

  it.each(Object.entries(PROPS))("renders the same SVG as lucide-react with %s", async (_, props) => {
    for (const name of names) {
      const lucide = await loadLucideIcon(name);
      const Ours = createLucideIcon(lucide.__iconData);
      expect(renderToStaticMarkup(<Ours {...props} />), name).toBe(
        renderToStaticMarkup(<lucide.default {...props} />),
      );
    }
  });
});
