import { FEED_KEY } from "~/features/follows/follow-schema";
import { personalFeedCalendar } from "~/features/follows/personal-feed.server";
import { AppError, appErrorText } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/my-quizzes-ics";

/** GET /mina-quiz/:key/kalender.ics: the quiz nights of one browser's "Mina quiz", one subscription. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const body = FEED_KEY.test(params.key)
    ? await personalFeedCalendar(getDb(), params.key, requestNow(request))
    : null;
  if (body === null) return appErrorText(new AppError("not-found", { message: "Kalendern finns inte." }));
  return new Response(body, {
    headers: {
      "Cache-Control": "private, max-age=600",
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="mina-quiz.ics"',
      "X-Robots-Tag": "noindex",
    },
  });
}
