// Apart from follows' public module, so a page with the form alone loads nothing else of follows.
import { deferred } from "~/components/ui/deferred";

export { keepPageAfterListSignup } from "./list-signup-path";

/** Posts without JavaScript; its code is an island's. */
export const ListSignupForm = deferred(() => import("./list-signup-form").then((m) => m.ListSignupForm));
