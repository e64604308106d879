import { useEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { CalendarChoices } from "~/features/event-calendar/calendar-links";
import {
  myFeedPath,
  readMyQuizzes,
  refreshMyQuizzes,
  removeQuiz,
  serverSnapshot,
  subscribeMyQuizzes,
} from "~/features/follows/my-quizzes-store";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/my-quizzes";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Mina quiz – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return { origin: siteOrigin() };
}

export default function MyQuizzes({ loaderData }: Route.ComponentProps) {
  const mine = useSyncExternalStore(subscribeMyQuizzes, readMyQuizzes, serverSnapshot);
  // A follow may have ended since (one click in a mail): the server's answer takes its event off the list.
  useEffect(() => {
    refreshMyQuizzes().catch(() => {});
  }, []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Mina quiz</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Quiz du följer eller har sparat. Listan finns bara i den här webbläsaren.
      </p>
      {mine === null ? null : mine.quizzes.length === 0 ? (
        <p className="mt-6">
          Du har inga sparade quiz än. Tryck på ”Spara i Mina quiz” eller ”Påminn mig” på ett quiz.{" "}
          <Link to="/" className="underline">
            Hitta quiz
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-700 dark:border-stone-700">
            {mine.quizzes.map((quiz) => (
              <li key={quiz.id} className="flex items-center justify-between gap-3 p-3">
                <Link to={quiz.path} className="font-medium underline">
                  {quiz.title}
                </Link>
                <button
                  type="button"
                  className="text-sm underline"
                  aria-label={`Ta bort ${quiz.title}`}
                  onClick={() => void removeQuiz(quiz.id)}
                >
                  Ta bort
                </button>
              </li>
            ))}
          </ul>
          <section aria-labelledby="kalender" className="mt-8">
            <h2 id="kalender" className="text-xl font-semibold">
              Alla i en kalender
            </h2>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              En prenumeration med alla dina quizkvällar. Adressen är hemlig: dela den inte.
            </p>
            <div className="mt-3">
              <CalendarChoices origin={loaderData.origin} path={myFeedPath(mine.key)} google={null} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
