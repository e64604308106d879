// Runs after `npm install`: mends a dependency whose release we cannot take yet.
//
// @react-router/dev 7 creates its internal Vite servers with `envFile: false`, an option Vite 8.1 deprecated:
// every build, `npm run dev` and `npm run typecheck` printed "The `envFile` option is deprecated, please use
// `envDir: false` instead." up to nine times. React Router 8 passes `envDir: false`, which Vite reads the same
// way (no .env files for those servers); the 7.x line never got the change. Until the app moves to React
// Router 8, the same one-word change is made here, to the exact version we pin. Delete this file (and the
// `postinstall` script) with that upgrade.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const PATCHES = [
  {
    pkg: "@react-router/dev",
    version: "7.18.4",
    files: ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"],
    from: "envFile: false",
    to: "envDir: false",
  },
];

for (const patch of PATCHES) {
  const dir = path.join(root, "node_modules", patch.pkg);
  const manifest = path.join(dir, "package.json");
  // A production install without dev dependencies has nothing to mend.
  if (!fs.existsSync(manifest)) continue;
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  if (version !== patch.version) {
    console.warn(
      `scripts/patch-dependencies.mjs: ${patch.pkg} is ${version}, not ${patch.version}; nothing patched (remove the patch if the new version no longer needs it).`,
    );
    continue;
  }
  for (const file of patch.files) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, "utf8");
    if (text.includes(patch.from)) fs.writeFileSync(full, text.replaceAll(patch.from, patch.to));
    else if (!text.includes(patch.to)) throw new Error(`${patch.pkg}/${file}: "${patch.from}" not found`);
  }
}
