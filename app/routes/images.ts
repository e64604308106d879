import { serveImage } from "~/features/images/image-route.server";
import type { Route } from "./+types/images";

/** Uploaded images and their resized variants (see serveImage). */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveImage(request, params.bucket, params.key);
}
