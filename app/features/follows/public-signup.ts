/**
 * The list signup form other pages show, apart from the rest of follows' public module so a page with the
 * form alone loads nothing else of follows. (A route that only needs `keepPageAfterListSignup` imports it
 * from list-signup-path.ts, as routes may: this module's deferred form then stays out of its first load.)
 */
import { deferred } from "~/components/ui/deferred";

export { keepPageAfterListSignup } from "./list-signup-path";

/**
 * The signup form is a plain form that posts without JavaScript; its code (checks, the in-place answer) is
 * an island's, loaded beside the page's (ui/deferred.tsx).
 */
export const ListSignupForm = deferred(() => import("./list-signup-form").then((m) => m.ListSignupForm));
