import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

/** On the embedded database a random one is kept in the data directory, so restarts keep sessions. */
export function appSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(env.dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
