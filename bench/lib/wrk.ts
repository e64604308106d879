import { execFileSync, spawn } from "node:child_process";

/**
 * wrk (Debian's `wrk`) as the load generator: on this 2-core machine it drives a bare Node server at
 * 25–30k req/s where autocannon tops out near 1.6k, so it measures the server rather than itself.
 * Installed with apt when missing and we are root; otherwise the benchmark says how to install it.
 */
export function ensureWrk(): string {
  const found = which("wrk");
  if (found) return found;
  if (process.getuid?.() === 0 && which("apt-get")) {
    console.log("wrk is not installed: installing it with apt-get");
    execFileSync("apt-get", ["install", "-y", "-q", "wrk"], { stdio: "inherit" });
    const installed = which("wrk");
    if (installed) return installed;
  }
  throw new Error("This benchmark needs wrk: `apt-get install -y wrk` (Debian) or `brew install wrk`.");
}

function which(command: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export type WrkResult = {
  reqPerSec: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  socketErrors: number;
};

/** Parses wrk's "2.35ms", "1.02s", "850.00us" into milliseconds. */
export function parseDuration(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  const unit = m[2];
  if (unit === "us") return value / 1000;
  if (unit === "ms") return value;
  if (unit === "s") return value * 1000;
  return value * 60_000;
}

/** Reads the figures out of `wrk --latency` output. */
export function parseWrk(output: string): WrkResult {
  const number = (re: RegExp) => Number(re.exec(output)?.[1] ?? 0);
  const latency = (pct: string) =>
    parseDuration(new RegExp(`^\\s+${pct}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "NaN");
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    reqPerSec: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
    requests: number(/(\d+) requests in/),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

export function runWrk(
  wrk: string,
  url: string,
  options: { connections: number; seconds: number; threads?: number; headers?: Record<string, string> },
): Promise<WrkResult> {
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (c) => {
      output += c;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(parseWrk(output)) : reject(new Error(`wrk exited ${code}:\n${output}`)),
    );
  });
}
