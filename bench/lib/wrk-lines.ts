import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseWrk } from "./wrk";

/** One request of a write benchmark: its path, JSON body and the client address it comes from. */
export type Slot = { path: string; body: string; client: string };
type WrkRun = { wrk: string; work: string; connections: number; seconds: number };

// wrk's Lua: each request takes the next line (path, body, client address); past the last line it asks for
// an unknown path (a 404, never acknowledged) unless `wrap` (the bare server, which stores nothing).
const LUA = `
local lines, n, i, wrap, origin = {}, 0, 0, false, ""
acked = 0
codes = {}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  for line in io.lines(args[1]) do
    local p, b, c = line:match("^([^\\t]*)\\t([^\\t]*)\\t([^\\t]*)$")
    n = n + 1
    lines[n] = { p, b, c }
  end
  wrap = args[2] == "wrap"
  origin = args[3]
end
function request()
  i = i + 1
  local l = lines[i]
  if l == nil then
    if wrap then l = lines[((i - 1) % n) + 1] else l = { "/api/bench-past-the-last-line", "{}", "10.255.255.255" } end
  end
  return wrk.format("POST", l[1], { ["content-type"] = "application/json", ["origin"] = origin, ["x-forwarded-for"] = l[3] }, l[2])
end
function response(status, headers, body)
  if status >= 200 and status < 300 then acked = acked + 1 end
  local k = "s" .. status
  _G[k] = (_G[k] or 0) + 1
end
function done(summary, latency, requests)
  local total = 0
  local out = {}
  for _, t in ipairs(threads) do
    total = total + t:get("acked")
    for _, code in ipairs({ 200, 201, 400, 403, 404, 409, 413, 429, 500, 503 }) do
      local v = t:get("s" .. code)
      if v then out[code] = (out[code] or 0) + v end
    end
  end
  io.write("ACKED " .. total .. "\\n")
  for code, v in pairs(out) do io.write("STATUS " .. code .. " " .. v .. "\\n") end
end
`;

/** Runs wrk over `slots` (one request per line, or round-robin with `wrap`) and counts the acknowledged ones. */
export async function runWrkLines(
  run: WrkRun,
  url: string,
  slots: Slot[],
  wrap: boolean,
  seconds = run.seconds,
) {
  const { wrk, work } = run;
  const file = path.join(work, `lines-${randomBytes(3).toString("hex")}.tsv`);
  fs.writeFileSync(file, `${slots.map((s) => `${s.path}\t${s.body}\t${s.client}`).join("\n")}\n`);
  const script = path.join(work, "writes.lua");
  fs.writeFileSync(script, LUA);
  const args = [
    "-t1",
    `-c${run.connections}`,
    `-d${seconds}s`,
    "--timeout",
    "10s",
    "--latency",
    "-s",
    script,
    url,
    "--",
    file,
    wrap ? "wrap" : "once",
    new URL(url).origin,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (c) => {
      text += c;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`)),
    );
  });
  fs.rmSync(file);
  const statuses = [...output.matchAll(/^STATUS (\d+) (\d+)$/gm)].map((m) => `${m[1]}:${m[2]}`).join(",");
  return { ...parseWrk(output), acked: Number(/^ACKED (\d+)$/m.exec(output)?.[1] ?? 0), statuses };
}
