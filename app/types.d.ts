import type { Logger } from "~/lib/logger.server";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    logger: Logger;
  }
}
