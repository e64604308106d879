import { desc, inArray } from "drizzle-orm";
import { quizQuestions, quizzes } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { GeneratedQuestion, GenerationContext } from "./provider";
import { QuizGenerationError } from "./provider";
import bank from "./question-bank.json";
import { normalizeText, shuffle } from "./question-rules";

type BankEntry = { id: string; category: string; question: string; options: string[]; correct: number };

const BANK = bank as BankEntry[];

const BANK_NO_REPEAT_QUIZZES = 12;

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

/** The last resort; too few questions left is said, never papered over by reusing an earlier quiz. */
export async function drawBankQuestions(db: Db, context: GenerationContext): Promise<GeneratedQuestion[]> {
  const recent = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(BANK_NO_REPEAT_QUIZZES);
  const recentTexts = new Set<string>();
  if (recent.length) {
    const rows = await db
      .select({ text: quizQuestions.questionText })
      .from(quizQuestions)
      .where(
        inArray(
          quizQuestions.quizId,
          recent.map((r) => r.id),
        ),
      );
    for (const row of rows) recentTexts.add(normalizeText(row.text));
  }
  const everUsed = new Set(
    (await db.selectDistinct({ text: quizQuestions.questionText }).from(quizQuestions)).map((r) =>
      normalizeText(r.text),
    ),
  );
  const allowed = BANK.filter((e) => !recentTexts.has(normalizeText(e.question)));
  const fresh = allowed.filter((e) => !everUsed.has(normalizeText(e.question)));
  const older = allowed.filter((e) => everUsed.has(normalizeText(e.question)));
  const ordered = [
    ...roundRobinByCategory(shuffle(fresh, context.random)),
    ...roundRobinByCategory(shuffle(older, context.random)),
  ];
  if (ordered.length < context.questionCount) {
    throw new QuizGenerationError(
      `Frågebanken räcker inte: bara ${ordered.length} frågor har inte använts i de ${BANK_NO_REPEAT_QUIZZES} senaste quizzen, ${context.questionCount} behövs`,
    );
  }
  return ordered.slice(0, context.questionCount).map((entry) => ({
    questionText: entry.question,
    options: entry.options as [string, string, string],
    correct: entry.correct,
    source: null,
    bankId: entry.id,
  }));
}
