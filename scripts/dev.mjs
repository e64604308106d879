// `npm run dev`: the custom server in development mode (server/server.ts): Vite serves the client with hot
// module replacement, and the app's server modules are loaded through Vite on each request, so an edit is
// served without a restart. Start-up work (migrations, the demo seed, jobs) runs once, as with `npm start`.
// Started with `exec` for the same reason as scripts/start.mjs: a SIGTERM or SIGINT npm passes on reaches
// the server in this process.
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.NODE_ENV = "development";

register();
await import("../server/main.ts");
