import { ogImagePath, renderQuizOgImage } from "~/features/quizzes/og-image.server";
import { findPublishedQuizSummary } from "~/features/quizzes/quiz-queries.server";
import { jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/quiz-og-image";

/**
 * GET /og/quiz/:quizId/:version.png: a published quiz's Open Graph card. The URL of the current version is
 * cached for a year; an older version (the quiz changed since the link was shared) redirects to the current one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const quizId = uuidParam(params.quizId);
  if (!quizId || !/^[0-9a-f]{12}\.png$/.test(params.file)) return jsonError(404, "Bilden finns inte");
  const quiz = await findPublishedQuizSummary(getDb(), quizId, requestNow(request));
  if (!quiz) return jsonError(404, "Bilden finns inte");
  const path = ogImagePath(quiz);
  if (path !== new URL(request.url).pathname) {
    return new Response(null, {
      status: 302,
      headers: { Location: path, "Cache-Control": "public, max-age=300" },
    });
  }
  const png = await renderQuizOgImage(quiz);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      // Chat apps show the card from their own sites.
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
