import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./spawn-server";

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl into a temporary directory, on a free port), for
 * tests that stop the database under a running server: never the shared cluster other tests use. The
 * server binaries are those CI installs (/usr/lib/postgresql/<version>/bin), or POSTGRES_BIN. Run as root,
 * the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export type PgCluster = {
  url: string;
  stop: () => void;
  start: () => void;
  remove: () => void;
};

function postgresUser(): string | undefined {
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    return "postgres";
  } catch {
    return undefined;
  }
}

/** The server binaries' directory, or why there is none. */
export function findPostgresBinaries(): { bin: string } | { missing: string } {
  const candidates = process.env.POSTGRES_BIN
    ? [process.env.POSTGRES_BIN]
    : fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join("/usr/lib/postgresql", version, "bin"))
      : [];
  const bin = candidates.find((dir) =>
    ["initdb", "pg_ctl", "postgres"].every((tool) => fs.existsSync(path.join(dir, tool))),
  );
  if (!bin) return { missing: "no PostgreSQL server binaries (initdb, pg_ctl)" };
  if (process.getuid?.() === 0 && !postgresUser())
    return { missing: "running as root without a postgres user to run PostgreSQL as" };
  return { bin };
}

export async function startPgCluster(bin: string): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (asRoot) {
      const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
      execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "pipe" });
    } else execFileSync(command, args, { stdio: "pipe" });
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // A fast shutdown: the server ends every session, as a crash or a failover would.
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start,
    remove: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
