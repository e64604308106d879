import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { expect } from "vitest";

/**
 * `npm start` and `npm run dev` as an operator runs them, and what is left of them after a signal: the
 * process tree under npm (read from /proc) and whether anything still accepts connections on the port.
 */
export type NpmRun = {
  child: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Runs `npm <args>` in a process group of its own, so a failed test can still clean up the whole group. */
export function runNpm(args: string[], env: Record<string, string>): NpmRun {
  let output = "";
  const child = spawn("npm", args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  if (!child.pid) throw new Error("npm did not start");
  return { child, pid: child.pid, output: () => output, exited };
}

/** Ends whatever is left of the group after a test (nothing, when the test passed). */
export function killGroup(run: NpmRun | undefined) {
  if (!run) return;
  try {
    process.kill(-run.pid, "SIGKILL");
  } catch {
    // The group is empty.
  }
}

function readStat(pid: number): { ppid: number; state: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": the command name may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state ?? "", ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Every living process below `pid`, at any depth. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat || stat.state === "Z") continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Gone, or a zombie that has exited and only waits to be reaped. */
function hasExited(pid: number): boolean {
  const stat = readStat(pid);
  return stat === null || stat.state === "Z";
}

/** Whether a new connection to the port is refused (nothing listens there any more). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/**
 * A POST the server has in flight: it asks for "100 Continue", which the server sends once it has taken the
 * request in, then sends half of the body. `finish` sends the rest and resolves with the answer.
 */
async function postInFlight(url: string, json: unknown) {
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  const request = http.request(url, {
    method: "POST",
    agent: false,
    headers: {
      "content-type": "application/json",
      "content-length": body.length,
      expect: "100-continue",
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
  await new Promise<void>((resolve, reject) => {
    request.once("continue", resolve);
    request.once("error", reject);
    request.flushHeaders();
  });
  request.write(body.subarray(0, half));
  return {
    finish: () => {
      request.end(body.subarray(half));
      return answer;
    },
  };
}

/** Waits until the server npm runs answers /readyz; fails at once if npm exits first. */
export async function waitUntilReady(run: NpmRun, baseUrl: string) {
  await expect
    .poll(
      async () => {
        if (run.child.exitCode !== null) throw new Error(`npm exited:\n${run.output()}`);
        return fetch(`${baseUrl}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 90_000, interval: 250 },
    )
    .toBe(200);
}

/**
 * Sends `signal` to npm's own pid (not its group), as a process manager does, while a suggestion is in
 * flight, and checks what must follow: the server stops taking connections at once, still answers that
 * request, and npm exits cleanly within the 5 s the README promises, with every process under it gone and
 * nothing listening on the port.
 */
export async function expectWholeStopOnSignal(run: NpmRun, port: number, signal: "SIGTERM" | "SIGINT") {
  const tree = descendants(run.pid);
  expect(tree.length).toBeGreaterThan(0);
  const suggestion = await postInFlight(`http://127.0.0.1:${port}/api/suggestions`, {
    venueName: "Signalbaren",
    city: "Göteborg",
  });
  const signalledAt = Date.now();
  process.kill(run.pid, signal);
  await expect.poll(() => refusesConnections(port)).toBe(true);
  const answer = await suggestion.finish();
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(Date.now() - signalledAt).toBeLessThan(5_000);
  await expect.poll(() => tree.filter((pid) => !hasExited(pid))).toEqual([]);
  expect(await refusesConnections(port)).toBe(true);
}
