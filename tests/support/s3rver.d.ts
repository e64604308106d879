// s3rver ships no types; the part the tests use.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  type S3Event = {
    Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
  };
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string; configs?: unknown[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    on(event: "event", listener: (event: S3Event) => void): this;
  }
}
