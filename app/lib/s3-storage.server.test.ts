import { afterEach, describe, expect, it, vi } from "vitest";
import { S3Storage } from "./s3-storage.server";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A bucket whose ListObjectsV2 answers are `pages`, one per request; the request URLs are kept. */
function bucketAnswering(pages: string[]) {
  const urls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(input instanceof Request ? input.url : String(input)));
      return new Response(pages.shift() ?? "", { status: 200 });
    }),
  );
  const storage = new S3Storage({
    endpoint: "http://s3.test",
    bucket: "quizkvall",
    region: "eu-north-1",
    accessKeyId: "id",
    secretAccessKey: "secret",
  });
  return { storage, urls };
}

async function listed(storage: S3Storage) {
  const objects = [];
  for await (const object of storage.list("event-images")) objects.push(object);
  return objects;
}

describe("listing a bucket", () => {
  it("reads keys and times page by page, following the continuation token of a truncated page", async () => {
    const { storage, urls } = bucketAnswering([
      `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Name>quizkvall</Name><Prefix>event-images/</Prefix><KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys>
  <IsTruncated>true</IsTruncated>
  <Contents><Key>event-images/a.jpg</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><Size>3</Size></Contents>
  <Contents><Key>event-images/w320/a.jpg.webp</Key><LastModified>2026-11-21T10:00:00.000Z</LastModified></Contents>
  <NextContinuationToken>1a2b&amp;3c</NextContinuationToken>
</ListBucketResult>`,
      `<ListBucketResult><IsTruncated>false</IsTruncated>
  <Contents><Key>event-images/b.png</Key><LastModified>2026-11-22T10:00:00.000Z</LastModified></Contents>
  <Contents><Key>event-images/odd/thing.txt</Key><LastModified>2026-11-22T10:00:00.000Z</LastModified></Contents>
</ListBucketResult>`,
    ]);
    expect(await listed(storage)).toEqual([
      { key: "a.jpg", width: null, modifiedAt: new Date("2026-11-20T10:00:00.000Z") },
      { key: "a.jpg", width: 320, modifiedAt: new Date("2026-11-21T10:00:00.000Z") },
      { key: "b.png", width: null, modifiedAt: new Date("2026-11-22T10:00:00.000Z") },
    ]);
    expect(urls.map((url) => url.searchParams.get("continuation-token"))).toEqual([null, "1a2b&3c"]);
  });

  it("has no token on the last page and no objects in an empty bucket", async () => {
    const { storage, urls } = bucketAnswering([
      "<ListBucketResult><IsTruncated>false</IsTruncated><KeyCount>0</KeyCount></ListBucketResult>",
    ]);
    expect(await listed(storage)).toEqual([]);
    expect(urls).toHaveLength(1);
  });
});
