import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { type DbHandle, setDatabase } from "~/lib/db.server";
import { parseEnv, setEnv } from "~/lib/env.server";
import { openTestDatabase } from "./test-db";

// Each integration test file gets its own fresh database and data directory.
let handle: DbHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-it-"));
  setEnv(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    }),
  );
  handle = await openTestDatabase();
  setDatabase(handle);
});

afterAll(async () => {
  // A route module starts loading its deferred parts' code on the server when it is imported (ui/deferred.tsx):
  // a file that ends before those imports settle would close the module runner under them.
  await vi.dynamicImportSettled();
  // Loaded here rather than above: a test file's vi.mock of a module auth uses applies only to modules
  // loaded after it, and this file is loaded first.
  const { resetAuth } = await import("~/features/auth/auth.server");
  const { mailsAfterAnswerQueued } = await import("~/features/mail/public.server");
  await mailsAfterAnswerQueued();
  resetAuth();
  setDatabase(undefined);
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
