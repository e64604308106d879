import type { Logger } from "~/lib/logger.server";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    logger: Logger;
    /** The Content-Security-Policy nonce of this response, for inline scripts. */
    cspNonce?: string;
  }
}
