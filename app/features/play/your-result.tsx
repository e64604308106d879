import { useEffect, useState } from "react";
import { getVisitorId } from "~/lib/visitor-id";
import { fetchPlayState, playStorageKey } from "./play-client";
import type { PlayResult } from "./play-contract";
import { betterThanText } from "./play-rules";

/**
 * On a quiz's own page, the visitor's finished play of it (kept in this browser) with where it stands among
 * the counted players. The page itself is the same for everyone (and cached); this part is filled in by the
 * browser, below the rest so nothing moves.
 */
export function YourResult({ quizId }: { quizId: string }) {
  const [result, setResult] = useState<PlayResult | null>(null);
  useEffect(() => {
    const playId = window.localStorage.getItem(playStorageKey(quizId));
    if (!playId) return;
    let cancelled = false;
    fetchPlayState(playId, getVisitorId())
      .then((state) => {
        if (!cancelled) setResult(state.result);
      })
      .catch(() => {
        // A play that is gone shows nothing; playing again starts a new one.
      });
    return () => {
      cancelled = true;
    };
  }, [quizId]);
  if (!result) return null;
  return (
    <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-stone-800 dark:bg-stone-800 dark:text-stone-200">
      <span className="font-semibold">
        Ditt resultat: {result.score} av {result.questionCount} rätt
      </span>{" "}
      · {betterThanText(result.betterThan)}
    </p>
  );
}
