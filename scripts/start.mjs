// `npm start`: build when the build is missing or older than the sources, then run the server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const serverBuild = path.join(root, "build/server/index.js");
const sources = ["app", "public"].map((d) => newestMtime(path.join(root, d)));
const configs = ["vite.config.ts", "react-router.config.ts", "package-lock.json"].map(
  (f) => fs.statSync(path.join(root, f)).mtimeMs,
);
const stale =
  !fs.existsSync(serverBuild) || Math.max(...sources, ...configs) > fs.statSync(serverBuild).mtimeMs;
if (stale && process.env.SKIP_BUILD !== "1") {
  console.log("Building Quizkväll …");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import("../server/main.ts");
