import { describe, expect, it } from "vitest";
import { parseListPage } from "./s3-storage.server";

describe("parseListPage", () => {
  it("reads keys, times and the continuation token of a truncated ListObjectsV2 page", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Name>quizkvall</Name><Prefix>event-images/</Prefix><KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys>
  <IsTruncated>true</IsTruncated>
  <Contents><Key>event-images/a.jpg</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><Size>3</Size></Contents>
  <Contents><Key>event-images/w320/a.jpg.webp</Key><LastModified>2026-11-21T10:00:00.000Z</LastModified></Contents>
  <NextContinuationToken>1a2b&amp;3c</NextContinuationToken>
</ListBucketResult>`;
    expect(parseListPage(xml)).toEqual({
      objects: [
        { key: "event-images/a.jpg", modifiedAt: new Date("2026-11-20T10:00:00.000Z") },
        { key: "event-images/w320/a.jpg.webp", modifiedAt: new Date("2026-11-21T10:00:00.000Z") },
      ],
      nextToken: "1a2b&3c",
    });
  });

  it("has no token on the last page and no objects in an empty bucket", () => {
    const xml = "<ListBucketResult><IsTruncated>false</IsTruncated><KeyCount>0</KeyCount></ListBucketResult>";
    expect(parseListPage(xml)).toEqual({ objects: [], nextToken: null });
  });
});
