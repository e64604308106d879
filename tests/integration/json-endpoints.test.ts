import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "~/lib/db.server";
import { readJsonBody } from "~/lib/http.server";
import { loader as reportLoader } from "~/routes/admin/report";
import { loader as beerIncrementLoader } from "~/routes/api/admin/beer-increment";
import { loader as eventsLoader } from "~/routes/api/admin/events";
import { loader as generateLoader } from "~/routes/api/admin/quizzes/generate";
import { action as csvAction } from "~/routes/api/admin/quizzes/results-csv";
import { action as adminReportsAction } from "~/routes/api/admin/reports";
import { action as beerAction, loader as beerLoader } from "~/routes/api/beers";
import { action as beerStatusAction } from "~/routes/api/beers-status";
import { loader as answerLoader } from "~/routes/api/quiz-plays/answer";
import { action as startAction, loader as startLoader } from "~/routes/api/quiz-plays/start";
import { action as stateAction } from "~/routes/api/quiz-plays/state";
import { action as voteAction, loader as voteLoader } from "~/routes/api/quiz-plays/vote";
import { action as reportAction, loader as reportsLoader } from "~/routes/api/reports";
import { loader as suggestionLoader } from "~/routes/api/reports-suggestions";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { insertQuiz } from "../support/factories";

/** The one JSON-endpoint module (app/lib/http.server.ts) and the routes that use it. */
const BASE = "http://localhost:3000";

// Route handlers are called directly; their generated argument types carry more than these tests need.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyArgs = any;

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

describe("JSON endpoints", () => {
  it("answer a GET on every action-only route, and a POST on every read-only one, with a Swedish 405 in JSON", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Request(`${BASE}${path}`, { headers });
    const publicCases: [(args: AnyArgs) => unknown, Request, Record<string, string>?][] = [
      [beerLoader, get(`/api/events/${id}/beer`), { eventId: id }],
      [reportsLoader, get("/api/reports")],
      [suggestionLoader, get("/api/suggestions")],
      [startLoader, get("/api/quiz-plays")],
      [answerLoader, get(`/api/quiz-plays/${id}/answers`), { playId: id }],
      [voteLoader, get(`/api/quizzes/${id}/vote`), { quizId: id }],
      [beerStatusAction, post("/api/beer-status", "{}")],
      [stateAction, post(`/api/quiz-plays/${id}`, "{}"), { playId: id }],
    ];
    // Admin routes check the role first (admin-access.test.ts): only an admin learns that a method is wrong.
    const admin = { cookie: await sessionCookie({ admin: true }), origin: BASE };
    const adminCases: [(args: AnyArgs) => unknown, Request, Record<string, string>?][] = [
      [generateLoader, get("/api/admin/quizzes/generate", admin)],
      [eventsLoader, get("/api/admin/events", admin)],
      [reportLoader, get(`/admin/reports/${id}`, admin), { id }],
      [beerIncrementLoader, get("/api/admin/beer-increment", admin)],
      [adminReportsAction, post("/api/admin/reports", "{}", admin)],
      [csvAction, post(`/api/admin/quizzes/${id}/results.csv`, "{}", admin), { id }],
    ];
    for (const [fn, request, params] of [...publicCases, ...adminCases]) {
      const response = await callRoute(fn, request, params);
      expect(response.status, request.url).toBe(405);
      expect(await response.json()).toEqual({ error: "Metoden stöds inte." });
    }
  });

  it("refuse requests another site sent: Sec-Fetch-Site cross-site or a foreign Origin", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 1 });
    const body = JSON.stringify({ quizId: quiz.id, visitorId: "cross-site-visitor" });
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://elak.example" },
      { origin: "null" },
    ] as Record<string, string>[]) {
      const response = await callRoute(startAction, post("/api/quiz-plays", body, headers));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Förfrågan kommer från en annan webbplats." });
    }
    const vote = await callRoute(
      voteAction,
      post(`/api/quizzes/${quiz.id}/vote`, JSON.stringify({ visitorId: "x-visitor", vote: "up" }), {
        "sec-fetch-site": "cross-site",
      }),
      { quizId: quiz.id },
    );
    expect(vote.status).toBe(403);
    const report = await callRoute(
      reportAction,
      post("/api/reports", "{}", { origin: "https://elak.example" }),
    );
    expect(report.status).toBe(403);
    const beer = await callRoute(
      beerAction,
      post(`/api/events/${quiz.id}/beer`, JSON.stringify({ visitorId: "x-visitor" }), {
        "sec-fetch-site": "cross-site",
      }),
      { eventId: quiz.id },
    );
    expect(beer.status).toBe(403);
    // The site's own browser code: same origin, same site.
    const own = await callRoute(
      startAction,
      post("/api/quiz-plays", body, { origin: BASE, "sec-fetch-site": "same-origin" }),
    );
    expect(own.status).toBe(201);
  });

  it("accept only a real application/json body (a form-like text/plain post is refused with 415)", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 1 });
    const body = JSON.stringify({ quizId: quiz.id, visitorId: "plain-visitor" });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await callRoute(startAction, post("/api/quiz-plays", body, { "content-type": type }));
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: "Förfrågan måste skickas som JSON." });
    }
    const json = await callRoute(
      startAction,
      post("/api/quiz-plays", body, { "content-type": "application/json; charset=utf-8" }),
    );
    expect(json.status).toBe(201);
  });

  it("stop reading a streamed body as soon as it passes the limit, and answer 413", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const request = new Request(`${BASE}/api/x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const result = await readJsonBody(request, z.object({}), 4 * 1024);
    expect("response" in result && result.response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it("answer bad JSON and a non-uuid id with one error shape", async () => {
    const bad = await callRoute(startAction, post("/api/quiz-plays", "{oops"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Ogiltig JSON i förfrågan." });
    const unknown = await callRoute(
      beerAction,
      post("/api/events/inte-ett-id/beer", JSON.stringify({ visitorId: "v-1234" })),
      {
        eventId: "inte-ett-id",
      },
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Eventet finns inte." });
  });
});
