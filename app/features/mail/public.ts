/** What other features use from mail that needs no server: the HTML frame every mail shares. */
export { mailDocument } from "./mail-document";
