import { requireAnyHost } from "~/features/hosts/host-access.server";
import { findNewsRound } from "~/features/quizzes/news-round.server";
import { newsRoundPdf } from "~/features/quizzes/news-round-pdf.server";
import { AppError, appErrorPage } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/quiz-news-round-pdf";

/** /veckans-nutidsquiz/:titleSlug/runda.pdf: the news round as an A4 PDF, for hosts and admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAnyHost(request);
  const round = await findNewsRound(getDb(), params.titleSlug, requestNow(request));
  if (!round) throw appErrorPage(new AppError("not-found", { message: "Nyhetsrundan finns inte." }));
  return new Response(new Uint8Array(await newsRoundPdf(round)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="nyhetsrunda-${round.titleSlug}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
