import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * The ceiling a page's throughput is compared against: a bare Node http server (bare-server.mjs, in its own
 * process) replaying the app's recorded responses byte for byte. Its rate under the same wrk settings shows
 * what the load generator reaches on this machine.
 */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "x-request-id"]);

export type RecordedResponse = { status: number; headers: Record<string, string>; body: Buffer };

/** The raw response as a browser asking for gzip gets it: status, headers and the still-compressed body. */
export function recordResponse(url: string): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", accept: "text/html" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (!HOP_BY_HOP.has(k) && typeof v === "string") headers[k] = v;
          const body = Buffer.concat(chunks);
          headers["content-length"] = String(body.length);
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      })
      .on("error", reject);
  });
}

export type BareServer = { baseUrl: string; stop: () => void };

/** Starts the bare server replaying each recorded response at its path. */
export async function startBareServer(
  pages: { path: string; response: RecordedResponse }[],
): Promise<BareServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-bare-"));
  const manifest = path.join(dir, "manifest.json");
  fs.writeFileSync(
    manifest,
    JSON.stringify({
      pages: pages.map((p, i) => {
        const bodyFile = path.join(dir, `page-${i}.bin`);
        fs.writeFileSync(bodyFile, p.response.body);
        return { path: p.path, status: p.response.status, headers: p.response.headers, bodyFile };
      }),
    }),
  );
  const child: ChildProcess = spawn(process.execPath, [path.resolve("bench/lib/bare-server.mjs"), manifest], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (c) => resolve(JSON.parse(String(c)).port));
    child.once("exit", () => reject(new Error("bare server exited")));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
