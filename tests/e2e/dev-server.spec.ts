import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  expectWholeStopOnSignal,
  killGroup,
  type NpmRun,
  runNpm,
  waitUntilReady,
} from "../support/npm-process";
import { freePort, tempDataDir } from "../support/spawn-server";

/** `npm run dev`: the custom server in development mode, on the embedded database with the demo content. */
const dataDir = tempDataDir("dev");
let run: NpmRun | undefined;

afterAll(() => {
  // Nothing is left when the test passed; after a failure, nothing may outlive the suite.
  killGroup(run);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the seeded home page and the Vite client from one port, and stops whole on SIGTERM to npm", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dev = runNpm(["run", "dev"], {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      BEER_JOB_CRON: "off",
      QUIZ_JOB_CRON: "off",
    });
    run = dev;
    const output = dev.output;

    await waitUntilReady(dev, baseUrl);

    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("<title>Quizkväll – pubquiz i Göteborg, Stockholm och Malmö</title>");
    // The embedded database was migrated and seeded once, as `npm start` does.
    expect(output().match(/seeded demo content/g)).toHaveLength(1);
    // Development mode: Vite serves its client (hot module replacement) beside the pages.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    expect((await fetch(`${baseUrl}/@vite/client`)).status).toBe(200);
    // Nothing on the first start asks a newcomer to act: no deprecation or future-flag warnings.
    expect(output()).not.toMatch(/deprecated|Future Flag Warning/);

    // SIGTERM to npm's own pid, as a process manager sends it: the request in flight is answered, then
    // npm, the server and every process under them are gone and the port is free.
    await expectWholeStopOnSignal(dev, port, "SIGTERM");
  }, 120_000);
});
