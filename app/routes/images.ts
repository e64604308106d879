import { serveImage } from "~/features/images/image-route.server";
import type { Route } from "./+types/images";

export function loader({ request, params }: Route.LoaderArgs) {
  return serveImage(request, params.bucket, params.key);
}
