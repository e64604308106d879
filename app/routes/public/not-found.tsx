import { appErrorPage } from "~/lib/app-error";

/** Any path no other route claims: a real 404 status, rendered by the root error boundary. */
export function loader() {
  throw appErrorPage("not-found");
}

export default function NotFound() {
  return null;
}
