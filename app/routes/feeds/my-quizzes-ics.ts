import { FEED_KEY } from "~/features/follows/follow-schema";
import { personalFeedCalendar } from "~/features/follows/personal-feed.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/my-quizzes-ics";

export async function loader({ request, params }: Route.LoaderArgs) {
  const body = FEED_KEY.test(params.key)
    ? await personalFeedCalendar(getDb(), params.key, requestNow(request))
    : null;
  if (body === null) return new Response("Kalendern finns inte.", { status: 404 });
  return new Response(body, {
    headers: {
      "Cache-Control": "private, max-age=600",
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="mina-quiz.ics"',
      "X-Robots-Tag": "noindex",
    },
  });
}
