import { deferred, withDeferredParts } from "~/components/ui/deferred";
import { keepPageAfterListSignup, ListSignupForm } from "~/features/follows/public-signup";
import { QUIZ_CATEGORIES } from "~/features/quizzes/categories";
import { CATEGORY_PARAM } from "~/features/quizzes/quiz-format";
import { listActiveQuizzes } from "~/features/quizzes/quiz-queries.server";
import { findFeaturedWeeklyQuiz } from "~/features/quizzes/weekly-quizzes.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { pageOf, parsePage } from "~/lib/paging";
import { slugify } from "~/lib/slug";
import type { Route } from "./+types/quiz-list";

/** "Få veckans NutidsQuiz" changes nothing the page shows: its data is not read again after it. */
export const shouldRevalidate = keepPageAfterListSignup;

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Veckans NutidsQuiz – Quizkväll" },
    {
      name: "description",
      content:
        "Spela veckans NutidsQuiz och andra quiz om nyheter, kultur, sport och mycket mer. Se hur du står dig mot snittet.",
    },
  ];
}

/** Quiz cards per page of "Alla quiz" (`?sida=N`): a new quiz every week, and daily ones, add up. */
const QUIZ_LIST_PAGE_SIZE = 24;

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const now = requestNow(request);
  const [all, featured] = await Promise.all([
    listActiveQuizzes(db, undefined, now),
    findFeaturedWeeklyQuiz(db, now),
  ]);
  const params = new URL(request.url).searchParams;
  const slug = params.get(CATEGORY_PARAM);
  const category = QUIZ_CATEGORIES.find((c) => slugify(c) === slug) ?? null;
  const present = new Set(all.map((q) => q.category));
  const listed = category ? all.filter((q) => q.category === category) : all;
  const { items, page, pages } = pageOf(listed, parsePage(params), QUIZ_LIST_PAGE_SIZE);
  return {
    featured,
    category,
    categories: QUIZ_CATEGORIES.filter((c) => present.has(c)),
    quizzes: items,
    page,
    pages,
  };
}

/** An island (ui/deferred.tsx): its code loads beside the route's; links and form work meanwhile. */
const QuizListView = deferred(() => import("~/features/quizzes/quiz-list-view").then((m) => m.QuizListView));

/** One element for every render, so the waiting page's props stay the same. */
const SIGNUP_FORM = <ListSignupForm target={{ kind: "nutidsquiz" }} />;

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withDeferredParts(serverLoader(), QuizListView);
}

export default function QuizList({ loaderData }: Route.ComponentProps) {
  return <QuizListView {...loaderData} signup={SIGNUP_FORM} />;
}
