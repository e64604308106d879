import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { vi } from "vitest";

/**
 * nginx from the distribution as the fleet's load balancer, started as a foreground child process with
 * every path it writes (pid, logs, temp files) in a directory of its own, so it needs no system setup and
 * runs as an ordinary user or as root (CI).
 */
export function findNginx(): string | null {
  const candidates = [
    process.env.NGINX_BIN,
    "/usr/sbin/nginx",
    "/usr/bin/nginx",
    "/usr/local/sbin/nginx",
    "/usr/local/bin/nginx",
  ];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) candidates.push(path.join(dir, "nginx"));
  return (
    candidates.find((file) => {
      if (!file) return false;
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null
  );
}

/**
 * The `http` part of the configuration: round-robin over the instances, the visitor's address appended to
 * X-Forwarded-For (the app, with TRUST_PROXY=1, takes the rightmost entry nginx added), uploads up to 6 MB.
 * The README's deployment guide shows this block.
 */
function balancerConfig(options: { listen: string; upstreams: string[] }): string {
  return `upstream quizkvall {
    ${options.upstreams.map((u) => `server ${u};`).join("\n    ")}
    keepalive 16;
}

server {
    listen ${options.listen};
    # UPLOAD_MAX_BYTES (5 MB by default) plus the form's other fields.
    client_max_body_size 6m;

    location / {
        proxy_pass http://quizkvall;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        # Which instance answered: shows the balance at a glance.
        add_header X-Upstream $upstream_addr always;
    }
}`;
}

export type Nginx = {
  url: string;
  dir: string;
  accessLog: () => string[];
  errorLog: () => string;
  stop: () => Promise<void>;
};

export async function startNginx(
  bin: string,
  dir: string,
  options: { port: number; upstreams: string[] },
): Promise<Nginx> {
  const file = (name: string) => path.join(dir, name);
  for (const sub of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(file(sub));
  // As root, nginx would run its workers as "nobody", who cannot write this private directory.
  const user = process.getuid?.() === 0 ? "user root root;" : "";
  const config = `daemon off;
master_process on;
worker_processes 1;
${user}
pid ${file("nginx.pid")};
error_log ${file("error.log")} warn;
events { worker_connections 256; }
http {
    log_format fleet '$remote_addr "$request" $status $upstream_addr $upstream_status';
    access_log ${file("access.log")} fleet;
    client_body_temp_path ${file("client_body")};
    proxy_temp_path ${file("proxy")};
    fastcgi_temp_path ${file("fastcgi")};
    uwsgi_temp_path ${file("uwsgi")};
    scgi_temp_path ${file("scgi")};

${balancerConfig({ listen: `127.0.0.1:${options.port}`, upstreams: options.upstreams })}
}
`;
  fs.writeFileSync(file("nginx.conf"), config);
  let output = "";
  const child: ChildProcess = spawn(bin, ["-p", dir, "-c", file("nginx.conf"), "-e", file("error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c) => {
    output += c;
  });
  child.stderr?.on("data", (c) => {
    output += c;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const errorLog = () => (fs.existsSync(file("error.log")) ? fs.readFileSync(file("error.log"), "utf8") : "");
  // Waits (polling, not sleeping) until nginx answers, or gives up as soon as it has exited.
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}\n${errorLog()}`);
    const res = await fetch(`${url}/healthz`);
    if (!res.ok) throw new Error(`nginx answered ${res.status}`);
  };
  try {
    await vi.waitFor(answers, { timeout: 20_000, interval: 100 });
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`nginx did not start: ${output}\n${errorLog()}`, { cause: error });
  }
  return {
    url,
    dir,
    accessLog: () =>
      fs.existsSync(file("access.log"))
        ? fs.readFileSync(file("access.log"), "utf8").split("\n").filter(Boolean)
        : [],
    errorLog,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // QUIT: finish the requests in flight, then exit.
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
