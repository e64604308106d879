import { quizQuestions } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { stockholmDate } from "~/lib/time";
import type { NewsItem } from "./feed";
import type { GeneratedQuestion, GenerationContext } from "./provider";
import { QuizGenerationError } from "./provider";
import { findQuestionProblems, modelOutputSchema, normalizeText } from "./question-rules";

export type LlmConfig = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

function prompt(items: NewsItem[], count: number): string {
  return [
    `Skriv ${count} quizfrågor på svenska om veckans nyheter, en fråga per nyhet, utifrån rubrikerna nedan.`,
    "Varje fråga har exakt tre svarsalternativ, exakt ett rätt. Frågan ska gå att besvara utan att läsa artikeln,",
    "och fakta ska stämma. Svara ENBART med JSON på formen",
    '{"questions":[{"question":"…","options":["…","…","…"],"correct":0,"source":"<rubrikens länk>"}]}',
    "där correct är index (0–2) för rätt alternativ och source är exakt länken till rubriken frågan bygger på.",
    "",
    ...items.map(
      (item) => `- ${item.title} (${item.outlet}, ${stockholmDate(item.publishedAt)}) ${item.link}`,
    ),
  ].join("\n");
}

export async function generateLlmQuestions(
  db: Db,
  config: LlmConfig,
  items: NewsItem[],
  context: GenerationContext,
): Promise<GeneratedQuestion[]> {
  if (items.length === 0) throw new QuizGenerationError("Inga nyhetsrubriker kunde hämtas från NEWS_FEEDS");

  const doFetch = config.fetch ?? fetch;
  let content: unknown;
  try {
    const response = await doFetch(`${config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.4,
        response_format: { type: "json_object" },
        messages: [
          {
            role: "system",
            content: "Du skriver korrekta, tydliga quizfrågor på svenska och svarar med JSON.",
          },
          { role: "user", content: prompt(items, context.questionCount) },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 120_000),
    });
    if (!response.ok) throw new QuizGenerationError(`språkmodellen svarade ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    content = body.choices?.[0]?.message?.content;
  } catch (error) {
    if (error instanceof QuizGenerationError) throw error;
    throw new QuizGenerationError(`språkmodellen gick inte att nå (${(error as Error).message})`);
  }
  if (typeof content !== "string") throw new QuizGenerationError("Modellens svar saknar innehåll");

  let json: unknown;
  try {
    // Some models wrap JSON in a Markdown code fence despite the instruction.
    json = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
  } catch {
    throw new QuizGenerationError("Modellens svar är inte giltig JSON");
  }
  const parsed = modelOutputSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = issue ? `${issue.path.join(".")}: ${issue.message}` : parsed.error.message;
    throw new QuizGenerationError(`Modellens svar har fel format (${detail})`);
  }
  const existing = await db.select({ text: quizQuestions.questionText }).from(quizQuestions);
  const questions = parsed.data.questions.slice(0, context.questionCount);
  const problems = findQuestionProblems(questions, {
    allowedSources: new Set(items.map((item) => item.link)),
    existingQuestions: new Set(existing.map((e) => normalizeText(e.text))),
    needed: context.questionCount,
  });
  if (problems.length) throw new QuizGenerationError(`Modellens frågor underkändes: ${problems.join("; ")}`);
  const byLink = new Map(items.map((item) => [item.link, item]));
  return questions.map((q) => {
    const item = byLink.get(q.source) as NewsItem;
    return {
      questionText: q.question,
      options: q.options as [string, string, string],
      correct: q.correct,
      source: { url: item.link, outlet: item.outlet, publishedAt: item.publishedAt },
      bankId: null,
    };
  });
}
