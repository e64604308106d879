import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { eventHosts, user } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { loader as pageLoader } from "~/routes/public/quiz-news-round";
import { loader as pdfLoader } from "~/routes/public/quiz-news-round-pdf";
import { sessionCookie } from "../support/admin-session";
import { signedInCookie } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";
import { insertEvent, insertQuiz } from "../support/factories";

type Thrown = { data: { message: string }; init: { status: number } };
type Page = { round: { title: string; questions: { number: number; answer: string; source: unknown }[] } };

let slug: string;
let otherSlug: string;
let hostCookie: string;
let visitorCookie: string;
let adminCookie: string;

function request(path: string, cookie?: string) {
  return new Request(`${getEnv().publicUrl}${path}`, { headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  const db = getDb();
  const quiz = await insertQuiz(db, {
    title: "Nyhetsrundans NutidsQuiz",
    category: "NutidsQuiz",
    publishedAt: new Date(Date.now() - 60_000),
    questions: [
      {
        questionText: "Vilken stad fick nytt bibliotek i veckan?",
        sourceUrl: "https://nyheter.example/bibliotek",
        sourceOutlet: "Inrikesbladet",
        sourcePublishedAt: new Date("2026-11-24T08:00:00Z"),
        options: [
          { text: "Göteborg", isCorrect: false },
          { text: "Malmö", isCorrect: true },
          { text: "Umeå – med ”citat” ✓", isCorrect: false },
        ],
      },
      {
        questionText: "Hur många ben har en spindel?",
        options: [
          { text: "Sex", isCorrect: false },
          { text: "Åtta", isCorrect: true },
        ],
      },
    ],
  });
  slug = quiz.titleSlug;
  otherSlug = (await insertQuiz(db, { title: "Ett vanligt quiz", category: "AllmänQuiz" })).titleSlug;
  const event = await insertEvent(db, { title: "Rundans pub" });
  hostCookie = await signedInCookie("rundans-vard@example.se", "vardens-losen", "user");
  const [host] = await db.select({ id: user.id }).from(user).where(eq(user.email, "rundans-vard@example.se"));
  await db.insert(eventHosts).values({ eventId: event.id, userId: host!.id });
  visitorCookie = await signedInCookie("rundans-besokare@example.se", "besokarens-losen", "user");
  adminCookie = await sessionCookie({ admin: true });
});

describe("Veckans nyhetsrunda", () => {
  it("gives a host and an admin the questions, the answers and the sources", async () => {
    for (const cookie of [hostCookie, adminCookie]) {
      const page = await callRoute<Page>(pageLoader, request(`/veckans-nutidsquiz/${slug}/runda`, cookie), {
        titleSlug: slug,
      });
      expect(page.round.title).toBe("Nyhetsrundans NutidsQuiz");
      expect(page.round.questions.map((q) => [q.number, q.answer])).toEqual([
        [1, "B Malmö"],
        [2, "B Åtta"],
      ]);
      expect(page.round.questions[0]?.source).toEqual({
        url: "https://nyheter.example/bibliotek",
        label: "Inrikesbladet, 24 november 2026",
      });
    }
  });

  it("sends a visitor to the host sign-in and refuses an account that hosts nothing", async () => {
    const signedOut = await callRoute(pageLoader, request(`/veckans-nutidsquiz/${slug}/runda`), {
      titleSlug: slug,
    });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/quizvard");
    for (const loader of [pageLoader, pdfLoader]) {
      const refused = await callRoute<Thrown>(loader, request(`/x`, visitorCookie), { titleSlug: slug });
      expect(refused.init.status).toBe(403);
    }
  });

  it("has no round for a quiz that is not a NutidsQuiz", async () => {
    const missing = await callRoute<Thrown>(pageLoader, request("/x", hostCookie), { titleSlug: otherSlug });
    expect(missing.init.status).toBe(404);
  });

  it("makes an A4 PDF with the answers on a page of their own, characters outside its fonts as ?", async () => {
    const answer = await callRoute(pdfLoader, request(`/veckans-nutidsquiz/${slug}/runda.pdf`, hostCookie), {
      titleSlug: slug,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toContain(`nyhetsrunda-${slug}.pdf`);
    const pdf = await PDFDocument.load(await answer.arrayBuffer());
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe("Veckans nyhetsrunda – Nyhetsrundans NutidsQuiz");
    expect(pdf.getPage(0).getSize().width).toBeCloseTo(595.28);
  });
});
