import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, tempDataDir } from "../support/spawn-server";

/** `npm run dev`: the custom server in development mode, on the embedded database with the demo content. */
const dataDir = tempDataDir("dev");
let child: ChildProcess | undefined;
let output = "";

afterAll(async () => {
  if (child && child.exitCode === null && child.pid) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    // npm runs the server in a shell of its own: stop the whole group, as Ctrl-C in a terminal does.
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => child?.pid && process.kill(-child.pid, "SIGKILL"), 8_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the seeded home page and the Vite client from one port", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = spawn("npm", ["run", "dev"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        BEER_JOB_CRON: "off",
        QUIZ_JOB_CRON: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });

    await expect
      .poll(
        async () => {
          if (child?.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
          return fetch(`${baseUrl}/readyz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(200);

    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("<title>Quizkväll – pubquiz i Göteborg, Stockholm och Malmö</title>");
    // The embedded database was migrated and seeded once, as `npm start` does.
    expect(output.match(/seeded demo content/g)).toHaveLength(1);
    // Development mode: Vite serves its client (hot module replacement) beside the pages.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    expect((await fetch(`${baseUrl}/@vite/client`)).status).toBe(200);
  }, 120_000);
});
