// `npm start`: build when the build is missing or older than the sources, then run the server in this very
// process. package.json starts it with `exec`, so the shell npm runs scripts in hands its place over to this
// process: the SIGTERM or SIGINT npm passes on to its child reaches the server, which finishes the requests
// in flight and exits (server/main.ts), and npm exits with it. Without `exec`, a shell that does not pass
// signals on (dash, Debian's and Ubuntu's sh) died alone and left the server running.
import fs from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";
import { buildApp } from "./build.mjs";

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
  const code = await buildApp({ quiet: true });
  if (code !== 0) process.exit(code);
}

register();
await import("../server/main.ts");
