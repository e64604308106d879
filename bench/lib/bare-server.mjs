// A bare Node http server replaying recorded responses byte for byte (same status, headers and compressed
// body): the ceiling the app's throughput is compared against. Usage: node bare-server.mjs <manifest.json>
import fs from "node:fs";
import http from "node:http";

const manifest = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pages = new Map(
  manifest.pages.map((p) => [
    p.path,
    { status: p.status, headers: p.headers, body: fs.readFileSync(p.bodyFile) },
  ]),
);
const server = http.createServer((req, res) => {
  // "*" answers any other path (the write benchmarks' paths carry per-request ids).
  const page = pages.get(req.url) ?? pages.get("*");
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(page.status, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
