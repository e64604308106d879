import type { Express } from "express";
import type { AppRuntime } from "../app/lifecycle.server";
import type { createLoadShedder } from "./load-shed";

const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * `/healthz`: the process answers. `/readyz`: this instance can serve pages, that is the database answers
 * and the render slots are not stuck.
 */
export function healthChecks(
  app: Express,
  shedder: ReturnType<typeof createLoadShedder>,
  runtime: AppRuntime,
) {
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const load = shedder.state();
    if (shedder.stuck()) {
      res.status(503).json({ status: "unavailable", error: "render slots stuck", load });
      return;
    }
    try {
      await withTimeout(runtime.ready(), READY_TIMEOUT_MS);
      res.json({ status: "ok", load });
    } catch {
      res.status(503).json({ status: "unavailable", error: "database unreachable", load });
    }
  });
}
