import { ConfigError, parseEnv } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { startServer } from "./server";

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) process.stderr.write(`${line}\n`);
      process.exit(1);
    }
    throw error;
  }
  logger.level = env.LOG_LEVEL;

  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(env, logger);
  } catch (error) {
    const e = error as Error;
    const known =
      ["DatabaseUnavailableError", "DataDirLockedError"].includes(e.name) || e.message?.startsWith("listen");
    process.stderr.write(`Cannot start Quizkväll: ${known ? e.message : (e.stack ?? String(e))}\n`);
    process.exit(1);
  }
  logger.info(
    { url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${running.port}` },
    "listening",
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, 4_800).unref();
    running
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, "error during shutdown");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
