// npm run bench:overload: the long version of the overload test, 200 connections for 30 s (BENCH_SECONDS,
// BENCH_CONNECTIONS) against the production build on the configured data: stays up, answers or sheds with
// 429/503, and how long until pages are served normally again.
import { runOverload } from "./lib/overload";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";

const target = await startTarget();
try {
  for (const p of ["/", "/quiz/goteborg", "/veckans-nutidsquiz"])
    await (await fetch(`${target.baseUrl}${p}`)).arrayBuffer();
  const result = await runOverload(target.baseUrl, {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 200),
    seconds: Number(process.env.BENCH_SECONDS ?? 30),
  });
  const stayedUp = !target.server || target.server.child.exitCode === null;
  printLine("overload", {
    connections: result.connections,
    seconds: result.seconds,
    requests: result.requests,
    req_s: result.reqPerSec,
    p50_ms: result.p50Ms,
    p99_ms: result.p99Ms,
    served: result.requests - result.shed,
    shed: result.shed,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected: Object.keys(result.unexpectedStatuses).join("+") || "none",
    recovery_ms: result.recoveryMs,
    stayed_up: stayedUp ? "yes" : "no",
  });
  writeResult("overload", { ...result, stayedUp });
} finally {
  await target.stop();
}
