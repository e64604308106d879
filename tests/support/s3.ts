import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account; it checks SigV4 signatures made with these. */
const S3RVER_KEY = "S3RVER";

export type TestBucket = {
  endpoint: string;
  port: number;
  bucket: string;
  /** The `S3_*` environment of an app instance using this bucket. */
  env: Record<string, string>;
  /** Object keys written (PUT) so far, in order. */
  writes: string[];
  stop: () => Promise<void>;
  /** Starts it again on the same port and directory (after `stop`), for "bucket back up". */
  restart: () => Promise<void>;
  /** Deletes the bucket's directory (after `stop`). */
  remove: () => void;
};

/**
 * An S3-compatible server (s3rver) in this process on loopback, with one empty bucket in a temp directory.
 */
export async function startTestBucket(port = 0): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-s3-"));
  const bucket = "quizkvall-test";
  const writes: string[] = [];
  let server: S3rver | null = null;
  let boundPort = port;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port: boundPort,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    server.on("event", (event) => {
      for (const record of event.Records) {
        if (record.eventName.startsWith("ObjectCreated")) writes.push(record.s3.object.key);
      }
    });
    boundPort = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${boundPort}`;
  return {
    endpoint,
    port: boundPort,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    writes,
    stop: async () => {
      await server?.close();
      server = null;
    },
    restart: start,
    remove: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}
