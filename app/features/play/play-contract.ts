// Types only, so client code can share them without importing a server module.

/** No answer key. */
export type PublicQuestion = {
  id: string;
  questionText: string;
  imageUrl: string | null;
  imageAlt: string | null;
  options: { id: string; optionText: string }[];
};

export type AnswerFeedback = {
  questionId: string;
  chosenOptionId: string;
  correctOptionId: string;
  isCorrect: boolean;
  /** Whole percent, over the other counted players so far. */
  shares: Record<string, number>;
  /** 0 for the first ("Du är först …"). */
  players: number;
  /** Shown only once answered. */
  source: { url: string; outlet: string | null; publishedAt: string | null } | null;
};

type QuestionStat = {
  questionId: string;
  /** Null when no other counted player has answered it. */
  correctPercent: number | null;
  players: number;
};

export type PlayResult = {
  score: number;
  questionCount: number;
  average: number | null;
  players: number;
  /** Whole percent with a lower score; null when there is no other yet. */
  betterThan: number | null;
  review: QuestionStat[];
};

export type PlayState = {
  playId: string;
  quizId: string;
  questionCount: number;
  answers: AnswerFeedback[];
  result: PlayResult | null;
};
