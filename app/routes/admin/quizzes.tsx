import { BarChart3, Pencil, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useFetcher, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { toast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/guard.server";
import { generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { QuizGenerationError } from "~/features/quiz-generation/provider";
import { AdminQuizErrorBoundary } from "~/features/quizzes/admin/access-denied";
import {
  ADMIN_QUIZ_LIST_PATH,
  QuizListHeading,
  QuizListSkeleton,
} from "~/features/quizzes/admin/quiz-list-skeleton";
import { difficultyLabel } from "~/features/quizzes/categories";
import { questionCountLabel } from "~/features/quizzes/quiz-format";
import { deleteQuiz } from "~/features/quizzes/quiz-mutations.server";
import { countQuizzes, listAllQuizzes } from "~/features/quizzes/quiz-queries.server";
import { AppError, formFailure, formFailureData } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { cn } from "~/lib/cn";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { pageHref, pageWindow, parsePage } from "~/lib/paging";
import { formatDate, formatDateTime } from "~/lib/time";
import type { Route } from "./+types/quizzes";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Hantera quiz – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/** Quizzes per page of the admin list (a daily quiz a year is hundreds). */
const ADMIN_QUIZ_PAGE_SIZE = 24;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "forbidden-page");
  const db = getDb();
  const now = requestNow(request).getTime();
  const asked = parsePage(new URL(request.url).searchParams);
  const { offset, limit, page, pages } = pageWindow(await countQuizzes(db), asked, ADMIN_QUIZ_PAGE_SIZE);
  const quizzes = await listAllQuizzes(db, { offset, limit });
  return {
    // An active quiz whose publication time is still ahead is not yet seen by visitors.
    quizzes: quizzes.map((q) => ({
      ...q,
      scheduledAt: q.isActive && q.publishedAt && Date.parse(q.publishedAt) > now ? q.publishedAt : null,
    })),
    page,
    pages,
  };
}

/** "Generera veckans NutidsQuiz": the week's quiz, made now or the one the week already has (`reused`). */
async function generateWeekQuiz(request: Request) {
  try {
    const made = await generateDailyQuiz(getDb(), getEnv(), { now: requestNow(request) });
    return { ok: true as const, intent: "generate" as const, ...made };
  } catch (error) {
    if (!(error instanceof QuizGenerationError)) throw error;
    logger.warn({ err: error }, "quiz generation refused");
    return formFailureData(new AppError("unavailable", { message: error.message }), { intent: "generate" });
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "forbidden-page");
  const form = await request.formData();
  if (form.get("intent") === "generate") return generateWeekQuiz(request);
  if (form.get("intent") !== "delete")
    return formFailureData(new AppError("bad-request", { message: "Okänd åtgärd" }));
  const deleted = await deleteQuiz(getDb(), String(form.get("quizId") ?? ""));
  if (!deleted) return formFailureData(new AppError("not-found", { message: "Quizet hittades inte" }));
  return { ok: true as const };
}

/**
 * A generate that got no answer of the server's own (the network, a proxy) says so in the button's words;
 * a refusal (signed out, not an admin) and every other failure go to the boundary.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (intent !== "generate" || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    return { ...formFailure("unavailable", { intent: "generate" as const }), unreached: true as const };
  }
}

export const ErrorBoundary = AdminQuizErrorBoundary;

/** One keyed fetcher for deletes: the deleted card unmounts, so its outcome is reported by the page. */
const DELETE_FETCHER_KEY = "delete-quiz";

function useDeleteToast() {
  const fetcher = useFetcher<typeof action>({ key: DELETE_FETCHER_KEY });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success("Quiz raderat");
    else toast.error(`Kunde inte radera quiz: ${fetcher.data.formError}`);
  }, [fetcher.state, fetcher.data]);
}

function DeleteQuizButton({ quizId, title }: { quizId: string; title: string }) {
  const fetcher = useFetcher<typeof action>({ key: DELETE_FETCHER_KEY });
  return (
    <ConfirmDialog
      title="Är du säker?"
      description="Denna åtgärd kan inte ångras. Vill du verkligen radera detta quiz?"
      confirmLabel="Radera"
      onConfirm={() => fetcher.submit({ intent: "delete", quizId }, { method: "post" })}
      trigger={
        <Button variant="ghost" aria-label={`Radera ${title}`}>
          <Trash2 className="size-4" aria-hidden /> Radera
        </Button>
      }
    />
  );
}

export default function AdminQuizzes({ loaderData }: Route.ComponentProps) {
  useDeleteToast();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === ADMIN_QUIZ_LIST_PATH &&
    !navigation.formMethod;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <QuizListHeading />
      {loading ? (
        <QuizListSkeleton />
      ) : loaderData.quizzes.length === 0 ? (
        <EmptyState className="mt-8">Inga quiz än.</EmptyState>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.quizzes.map((quiz) => (
            <li key={quiz.id}>
              <article
                aria-label={quiz.title}
                className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold leading-snug">{quiz.title}</h2>
                  <span
                    className={cn(
                      "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                      quiz.isActive
                        ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100"
                        : "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200",
                    )}
                  >
                    {quiz.isActive ? "Aktiv" : "Inaktiv"}
                  </span>
                </div>
                <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
                  {quiz.category}
                  {quiz.week ? ` vecka ${quiz.week.week}` : ""} · {difficultyLabel(quiz.difficulty)} ·{" "}
                  {questionCountLabel(quiz.questionCount)}
                </p>
                {quiz.scheduledAt ? (
                  <p className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
                    Publiceras {formatDateTime(quiz.scheduledAt)}
                  </p>
                ) : null}
                <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
                  {formatDate(quiz.createdAt)}
                </p>
                <div className="mt-auto flex flex-wrap gap-1 pt-4">
                  <Link
                    to={`/admin/quizzes/${quiz.id}/edit`}
                    className={buttonClasses("ghost")}
                    aria-label={`Redigera ${quiz.title}`}
                  >
                    <Pencil className="size-4" aria-hidden /> Redigera
                  </Link>
                  <Link
                    to={`/admin/quizzes/${quiz.id}/results`}
                    className={buttonClasses("ghost")}
                    aria-label={`Resultat för ${quiz.title}`}
                  >
                    <BarChart3 className="size-4" aria-hidden /> Resultat
                  </Link>
                  <DeleteQuizButton quizId={quiz.id} title={quiz.title} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {!loading && loaderData.pages > 1 && (
        <PageLinks
          page={loaderData.page}
          pages={loaderData.pages}
          hrefFor={(n) => pageHref(ADMIN_QUIZ_LIST_PATH, new URLSearchParams(), n)}
        />
      )}
    </div>
  );
}
