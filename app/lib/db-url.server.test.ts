import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db.server";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** PostgreSQL's ErrorResponse message: the database does not exist. */
function noSuchDatabase(): Buffer {
  const fields = Buffer.from("SFATAL\0C3D000\0Mno such database\0\0");
  const length = Buffer.alloc(4);
  length.writeInt32BE(fields.length + 4);
  return Buffer.concat([Buffer.from("E"), length, fields]);
}

/** A listener that counts the connections it gets and refuses each, so opening the database fails. */
async function refusing(listenOn: string | { port: 0; host: string }) {
  const seen = { connections: 0 };
  const server = net.createServer((socket) => {
    seen.connections += 1;
    socket.once("data", () => socket.end(noSuchDatabase()));
  });
  await new Promise<void>((resolve) => server.listen(listenOn, resolve));
  cleanups.push(() => server.close());
  return { seen, address: server.address() };
}

describe("the PostgreSQL address", () => {
  it("reads libpq's ?host=/directory as the Unix-domain socket in that directory, on the URL's port", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-socket-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { seen } = await refusing(path.join(dir, ".s.PGSQL.5433"));
    const url = `postgresql://quiz:hemligt@localhost:5433/quizkvall?host=${dir}`;
    await expect(openDatabase({ kind: "postgres", url })).rejects.toThrow(/no such database/);
    expect(seen.connections).toBeGreaterThan(0);
  });

  it("leaves a TCP address as it is", async () => {
    const { seen, address } = await refusing({ port: 0, host: "127.0.0.1" });
    const url = `postgres://quiz@127.0.0.1:${(address as net.AddressInfo).port}/quizkvall`;
    await expect(openDatabase({ kind: "postgres", url })).rejects.toThrow(/no such database/);
    expect(seen.connections).toBeGreaterThan(0);
  });
});
