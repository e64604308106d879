import { isNotNull } from "drizzle-orm";
import { quizQuestions } from "~/db/schema";
import { getQuestionsWithKey } from "~/features/quizzes/quizzes.server";
import type { Db } from "~/lib/db.server";
import bank from "../quizzes/question-bank.json";
import type { GeneratedQuestion, GenerationContext } from "./provider";
import { QuizGenerationError } from "./provider";
import { normalizeText } from "./question-rules";

type BankEntry = { id: string; category: string; question: string; options: string[]; correct: number };

const BANK = bank as BankEntry[];

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Takes one entry per category in turn, so a quiz mixes categories instead of drawing ten of one kind. */
function roundRobinByCategory(entries: BankEntry[]): BankEntry[] {
  const groups = new Map<string, BankEntry[]>();
  for (const entry of entries) groups.set(entry.category, [...(groups.get(entry.category) ?? []), entry]);
  const queues = [...groups.values()];
  const out: BankEntry[] = [];
  while (queues.some((q) => q.length)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) out.push(next);
    }
  }
  return out;
}

/**
 * The offline provider: draws bank questions no quiz has used yet, mixed across categories; when the bank runs
 * dry it reuses questions from earlier quizzes.
 */
export async function drawBankQuestions(db: Db, context: GenerationContext): Promise<GeneratedQuestion[]> {
  const usedRows = await db
    .selectDistinct({ bankId: quizQuestions.bankId })
    .from(quizQuestions)
    .where(isNotNull(quizQuestions.bankId));
  const used = new Set(usedRows.map((r) => r.bankId));
  const fresh = roundRobinByCategory(
    shuffle(
      BANK.filter((e) => !used.has(e.id)),
      context.random,
    ),
  );
  const picked: GeneratedQuestion[] = fresh.slice(0, context.questionCount).map((entry) => ({
    questionText: entry.question,
    options: entry.options as [string, string, string],
    correct: entry.correct,
    sourceUrl: null,
    bankId: entry.id,
  }));
  if (picked.length < context.questionCount) {
    const seen = new Set(picked.map((p) => normalizeText(p.questionText)));
    const earlier = await db.selectDistinct({ quizId: quizQuestions.quizId }).from(quizQuestions);
    for (const { quizId } of shuffle(earlier, context.random)) {
      if (picked.length >= context.questionCount) break;
      for (const question of await getQuestionsWithKey(db, quizId)) {
        if (picked.length >= context.questionCount) break;
        const key = normalizeText(question.questionText);
        const correct = question.options.findIndex((o) => o.isCorrect);
        if (seen.has(key) || question.options.length !== 3 || correct < 0) continue;
        seen.add(key);
        picked.push({
          questionText: question.questionText,
          options: question.options.map((o) => o.optionText) as [string, string, string],
          correct,
          sourceUrl: question.sourceUrl,
          bankId: null,
        });
      }
    }
  }
  if (picked.length < context.questionCount) {
    throw new QuizGenerationError("Frågebanken räcker inte till ett nytt quiz");
  }
  return picked;
}
