import { Eye } from "lucide-react";
import { useEffect } from "react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { buttonClasses } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/guard.server";
import { UploadLimitContext } from "~/features/images/public";
import { readUploadLimit } from "~/features/images/upload.server";
import { AdminQuizErrorBoundary } from "~/features/quizzes/admin/access-denied";
import { QuestionList } from "~/features/quizzes/admin/question-list";
import { QuizInfoForm } from "~/features/quizzes/admin/quiz-info-form";
import { handleEditorAction } from "~/features/quizzes/editor-actions.server";
import { findQuizRow, getQuestionsWithKey, weekOf } from "~/features/quizzes/quiz-queries.server";
import { appErrorPage } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/quizzes-editor";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: loaderData?.quiz ? `Redigera ${loaderData.quiz.title} – Quizkväll` : "Nytt quiz – Quizkväll" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "forbidden-page");
  const uploadLimit = readUploadLimit();
  if (!params.id) return { quiz: null, questions: [], uploadLimit };
  const db = getDb();
  const row = await findQuizRow(db, params.id);
  if (!row) throw appErrorPage("not-found");
  const { id, title, titleSlug, category, difficulty, description, imageUrl, isActive } = row;
  return {
    quiz: {
      ...{ id, title, titleSlug, category, difficulty, description, imageUrl, isActive },
      week: weekOf(row),
      publishedAt: row.publishedAt?.toISOString() ?? null,
    },
    questions: await getQuestionsWithKey(db, id),
    uploadLimit,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "forbidden-page");
  const form = await request.formData();
  const result = await handleEditorAction(getDb(), form, params.id ?? null);
  // A new quiz continues on its edit page, where 'Frågor' appears; the flag there shows 'Quiz skapad'.
  if (result.ok && result.intent === "create-quiz") {
    throw redirect(`/admin/quizzes/${result.quizId}/edit?${CREATED_PARAM}=1`);
  }
  return data(result, { status: result.ok ? 200 : 400 });
}

export const ErrorBoundary = AdminQuizErrorBoundary;

const CREATED_PARAM = "skapad";

function useCreatedToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const created = searchParams.get(CREATED_PARAM) === "1";
  useEffect(() => {
    if (!created) return;
    toast.success("Quiz skapad");
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [created, setSearchParams]);
}

export default function QuizEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { quiz, questions, uploadLimit } = loaderData;
  useCreatedToast();
  return (
    <UploadLimitContext.Provider value={uploadLimit}>
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6">
        <div>
          <AdminBackLinks quizList />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{quiz ? "Redigera quiz" : "Nytt quiz"}</h1>
            {quiz ? (
              <Link to={`/veckans-nutidsquiz/spela/${quiz.id}`} className={buttonClasses("secondary")}>
                <Eye className="size-4" aria-hidden /> Förhandsvisa
              </Link>
            ) : null}
          </div>
        </div>
        <QuizInfoForm
          key={quiz?.id ?? "new"}
          quiz={quiz}
          questionCount={questions.length}
          result={
            actionData?.intent === "create-quiz" || actionData?.intent === "update-quiz"
              ? actionData
              : undefined
          }
        />
        {quiz ? <QuestionList questions={questions} result={actionData} /> : null}
      </div>
    </UploadLimitContext.Provider>
  );
}
