import type { RequestScope } from "../app/lib/request-scope.server";

/** Per-request state on `res.locals`, each set by the middleware named beside it. */
declare global {
  namespace Express {
    interface Locals {
      cspNonce?: string;
      /** The request's body, read and bounded before the load shedder (request-body.ts); unset without one. */
      body?: Buffer;
      /** Keeps the request's render slot until `work` settles (load-shed.ts); unset until admitted. */
      holdRenderSlot?: (work: Promise<unknown>) => void;
      /** A file of the build, the same for everyone: its caching stays its own (private-answers.ts). */
      publicFile?: boolean;
      /** The scope the app's code runs in: what it changed, whether the database failed it (request-handler.ts). */
      requestScope?: RequestScope;
    }
  }
}
