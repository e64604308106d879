// What the play endpoints and loaders send to the browser. Types only, so client code can share them
// without importing a server module.

/** A question as the player sees it before answering: no answer key. */
export type PublicQuestion = {
  id: string;
  questionText: string;
  imageUrl: string | null;
  /** The image's text alternative, set in the editor; null when none was written. */
  imageAlt: string | null;
  options: { id: string; optionText: string }[];
};

export type AnswerFeedback = {
  questionId: string;
  chosenOptionId: string;
  correctOptionId: string;
  isCorrect: boolean;
  /** Whole percentages per option id, over the answers of the other counted players so far. */
  shares: Record<string, number>;
  /** How many other counted players have answered the question; 0 for the first ("Du är först …"). */
  players: number;
  /** The news item a generated question is based on, shown only once answered ("Läs mer"). */
  source: { url: string; outlet: string | null; publishedAt: string | null } | null;
};

/** How the counted players did on one question, for the review at the end. */
type QuestionStat = {
  questionId: string;
  /** Whole percent of them who answered right; null when no other counted player has answered it. */
  correctPercent: number | null;
  players: number;
};

export type PlayResult = {
  score: number;
  questionCount: number;
  average: number | null;
  players: number;
  /** Whole percent of other counted players with a lower score; null when there is no other yet. */
  betterThan: number | null;
  /** Per question, in question order: how the other counted players did. */
  review: QuestionStat[];
};

export type PlayState = {
  playId: string;
  quizId: string;
  questionCount: number;
  answers: AnswerFeedback[];
  result: PlayResult | null;
};
