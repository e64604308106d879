import { and, eq } from "drizzle-orm";
import { quizzes } from "~/db/schema";
import { pageShows } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { formatIsoWeekRange } from "~/lib/time";
import { NUTIDSQUIZ_CATEGORY } from "./categories";
import type { NewsRound } from "./news-round";
import { OPTION_LETTERS } from "./option-letters";
import { sourceLabel } from "./quiz-format";
import { getQuestionsWithKey, publishedCondition, weekOf } from "./quiz-queries.server";

/**
 * "Veckans nyhetsrunda": a published NutidsQuiz as a host reads it aloud, with the answer key and each
 * question's source. Only for hosts and admins (the route's guard): visitors see answers only once answered.
 */
export async function findNewsRound(db: Db, titleSlug: string, now: Date): Promise<NewsRound | null> {
  pageShows("quizzes");
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(
      and(
        eq(quizzes.titleSlug, titleSlug),
        eq(quizzes.category, NUTIDSQUIZ_CATEGORY),
        publishedCondition(now),
      ),
    );
  const week = quiz ? weekOf(quiz) : null;
  if (!quiz || !week) return null;
  const questions = (await getQuestionsWithKey(db, quiz.id)).map((q, index) => {
    const options = q.options.map((o, i) => ({
      letter: OPTION_LETTERS[i] ?? String(i + 1),
      text: o.optionText,
    }));
    const correct = q.options.findIndex((o) => o.isCorrect);
    return {
      number: index + 1,
      text: q.questionText,
      options,
      answer: correct >= 0 ? `${options[correct]?.letter} ${options[correct]?.text}` : "",
      source: q.sourceUrl
        ? {
            url: q.sourceUrl,
            label: sourceLabel({
              url: q.sourceUrl,
              outlet: q.sourceOutlet,
              publishedAt: q.sourcePublishedAt,
            }),
          }
        : null,
    };
  });
  return { title: quiz.title, titleSlug: quiz.titleSlug, dates: formatIsoWeekRange(week), questions };
}
