/** What pages of other features show from follows (browser-safe). */
export { ListSignupForm } from "./list-signup-form";
