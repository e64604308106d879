import { apiFetch } from "~/lib/api-client";
import type { AnswerFeedback, PlayResult, PlayState } from "./play-contract";
import type { QuestionReportReason } from "./play-rules";

/** Browser side of the play endpoints, through the one fetch wrapper (failures throw its ApiError). */

export function startPlayRequest(quizId: string, visitorId: string) {
  return apiFetch<{ playId: string; questionCount: number }>("/api/quiz-plays", {
    json: { quizId, visitorId },
  });
}

export function fetchPlayState(playId: string, visitorId: string) {
  return apiFetch<PlayState>(`/api/quiz-plays/${playId}?visitorId=${encodeURIComponent(visitorId)}`);
}

export function answerRequest(
  playId: string,
  body: { visitorId: string; questionId: string; optionId: string },
) {
  return apiFetch<{ feedback: AnswerFeedback; result: PlayResult | null }>(
    `/api/quiz-plays/${playId}/answers`,
    { json: body },
  );
}

export function reportRequest(
  playId: string,
  body: { visitorId: string; questionId: string; reason: QuestionReportReason },
) {
  return apiFetch<{ reason: QuestionReportReason }>(`/api/quiz-plays/${playId}/reports`, { json: body });
}

export function voteRequest(quizId: string, visitorId: string, vote: "up" | "down") {
  return apiFetch<{ vote: "up" | "down" }>(`/api/quizzes/${quizId}/vote`, { json: { visitorId, vote } });
}

/** The play id is kept per quiz so a reload resumes the same play. */
export function playStorageKey(quizId: string): string {
  return `quizkvall_play_${quizId}`;
}

/**
 * The question the visitor last moved on to ("Nästa fråga"; the question count after "Se resultat"), so a
 * reload right after an answer comes back to that answer's feedback instead of skipping it.
 */
function playPositionStorageKey(quizId: string): string {
  return `quizkvall_play_position_${quizId}`;
}

/** The kept position, or null when none (or an unreadable one) is stored. */
export function readPlayPosition(quizId: string): number | null {
  const value = Number.parseInt(window.localStorage.getItem(playPositionStorageKey(quizId)) ?? "", 10);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

export function keepPlayPosition(quizId: string, position: number): void {
  window.localStorage.setItem(playPositionStorageKey(quizId), String(position));
}

export function forgetPlay(quizId: string): void {
  window.localStorage.removeItem(playStorageKey(quizId));
  window.localStorage.removeItem(playPositionStorageKey(quizId));
}

export function voteStorageKey(quizId: string): string {
  return `quizkvall_vote_${quizId}`;
}
