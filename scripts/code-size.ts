// `npm run check:size`: the standing size rules. Prints each feature's lines and every module over its bound, and
// exits non-zero when a feature passes 3,000 lines or a module 300 (tests, fixtures and the schema aside).
import fs from "node:fs";
import path from "node:path";

const FEATURE_LIMIT = 3000;
const MODULE_LIMIT = 300;
/** Comment lines at most, of app/ and server/: comments say why, briefly. */
const COMMENT_LIMIT = 0.06;
const ROOTS = ["app", "server", "scripts", "bench"];
/** The one schema file every table lives in; splitting it would scatter the migrations' source of truth. */
const EXEMPT = new Set(["app/db/schema.ts"]);

type Module = { file: string; lines: number; commentLines: number };

function isSource(file: string): boolean {
  return /\.(ts|tsx|mjs)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith(".d.ts");
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "fixtures" || entry.name === "node_modules" ? [] : walk(full);
    return isSource(full) ? [full] : [];
  });
}

function measure(file: string): Module {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const commentLines = lines.filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line)).length;
  return { file: file.split(path.sep).join("/"), lines: lines.length, commentLines };
}

export function codeSize(root: string) {
  const modules = ROOTS.flatMap((dir) => walk(path.join(root, dir))).map((file) => {
    const measured = measure(file);
    return { ...measured, file: path.relative(root, file).split(path.sep).join("/") };
  });
  const features = new Map<string, number>();
  for (const { file, lines } of modules) {
    const feature = /^app\/features\/([^/]+)\//.exec(file)?.[1];
    if (feature) features.set(feature, (features.get(feature) ?? 0) + lines);
  }
  const product = modules.filter(({ file }) => file.startsWith("app/") || file.startsWith("server/"));
  const sum = (list: Module[], key: "lines" | "commentLines") => list.reduce((total, m) => total + m[key], 0);
  return {
    features: [...features].sort((a, b) => b[1] - a[1]),
    largeFeatures: [...features].filter(([, lines]) => lines > FEATURE_LIMIT),
    largeModules: modules
      .filter((m) => m.lines > MODULE_LIMIT && !EXEMPT.has(m.file))
      .sort((a, b) => b.lines - a.lines),
    commentShare: sum(product, "commentLines") / Math.max(1, sum(product, "lines")),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = codeSize(process.cwd());
  for (const [feature, lines] of report.features)
    console.log(`${String(lines).padStart(6)}  features/${feature}`);
  console.log(`comments: ${(report.commentShare * 100).toFixed(1)} % of app/ and server/ lines`);
  for (const { file, lines } of report.largeModules)
    console.error(`module over ${MODULE_LIMIT} lines: ${file} ${lines}`);
  for (const [name, lines] of report.largeFeatures)
    console.error(`feature over ${FEATURE_LIMIT} lines: ${name} ${lines}`);
  const tooManyComments = report.commentShare > COMMENT_LIMIT;
  if (tooManyComments) console.error(`comments over ${COMMENT_LIMIT * 100} % of app/ and server/ lines`);
  if (report.largeModules.length > 0 || report.largeFeatures.length > 0 || tooManyComments) process.exit(1);
  console.log(
    `every feature ≤ ${FEATURE_LIMIT} lines, every module ≤ ${MODULE_LIMIT} (the schema aside), comments ≤ ${COMMENT_LIMIT * 100} %`,
  );
}
