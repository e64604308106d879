import { eq } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { jobRuns, quizzes } from "~/db/schema";
import { BEER_JOB_NAME } from "~/features/beer-activity/beer-increment.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as beerActivityAction } from "~/routes/admin/beer-activity";
import { action as quizListAction } from "~/routes/admin/quizzes";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { formData } from "../support/form-data";

/** The admin pages' buttons that run a job now: each is its page's route action, for admins only. */
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});

type Answer = { data: Record<string, unknown> & { ok: boolean }; init: { status: number } | null };

/** Posts a page's form as the browser's fetcher does. */
function post(
  fn: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
  cookie = adminCookie,
) {
  const origin = getEnv().publicUrl;
  const request = new Request(`${origin}${path}`, {
    method: "POST",
    headers: { cookie, origin },
    body: formData(fields),
  });
  return callRoute<Answer | Answer["data"] | Response>(fn, request);
}

/** What `data(…, { status })` returns. */
const isWithInit = (result: Answer | Answer["data"]): result is Answer =>
  (result as { type?: unknown }).type === "DataWithResponseInit";

/** The status React Router would send: a Response's, a `data(…)`'s init, else 200. */
function statusOf(result: Answer | Answer["data"] | Response): number {
  if (result instanceof Response) return result.status;
  return isWithInit(result) ? (result.init?.status ?? 200) : 200;
}

/** A plain object is a 200 answer; `data(…, { status })` carries its own. */
function answerOf(result: Answer | Answer["data"] | Response): Answer {
  assert(!(result instanceof Response), "answered with a thrown response");
  return isWithInit(result) ? result : { data: result, init: null };
}

describe("'Kör öl-ökningen nu' (/admin/beer-activity)", () => {
  it("runs the beer job once, answers its result and records the run in a manual slot", async () => {
    const { data, init } = answerOf(
      await post(beerActivityAction, "/admin/beer-activity", { intent: "increment" }),
    );
    expect(init?.status ?? 200).toBe(200);
    assert(data.ok);
    const result = data.result as { updated: number; added: number; events: unknown[] };
    expect(Object.keys(result)).toEqual(["updated", "added", "events"]);
    const runs = await getDb().select().from(jobRuns).where(eq(jobRuns.job, BEER_JOB_NAME));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", result });
    expect(runs[0]?.slot).toMatch(/^manual:/);
  });

  it("refuses an unknown intent in Swedish and a signed-in non-admin with 403, running nothing", async () => {
    const before = (await getDb().select().from(jobRuns)).length;
    const { data, init } = answerOf(await post(beerActivityAction, "/admin/beer-activity", { intent: "x" }));
    expect(init?.status).toBe(400);
    expect(data).toMatchObject({ ok: false, formError: "Okänd åtgärd" });
    const refused = await post(
      beerActivityAction,
      "/admin/beer-activity",
      { intent: "increment" },
      userCookie,
    );
    expect(statusOf(refused)).toBe(403);
    expect((await getDb().select().from(jobRuns)).length).toBe(before);
  });
});

describe("'Generera veckans NutidsQuiz' (/admin/quizzes)", () => {
  it("drafts the week's quiz, then answers the same quiz as reused; a non-admin makes nothing", async () => {
    const refused = await post(quizListAction, "/admin/quizzes", { intent: "generate" }, userCookie);
    expect(statusOf(refused)).toBe(403);
    expect(await getDb().select().from(quizzes)).toHaveLength(0);

    const first = answerOf(await post(quizListAction, "/admin/quizzes", { intent: "generate" })).data;
    expect(first).toMatchObject({ ok: true, intent: "generate", reused: false, isActive: false });
    expect(first.title).toMatch(/^NutidsQuiz vecka \d+$/);
    const again = answerOf(await post(quizListAction, "/admin/quizzes", { intent: "generate" })).data;
    expect(again).toMatchObject({ ok: true, reused: true, quizId: first.quizId, title: first.title });
    expect(await getDb().select().from(quizzes)).toHaveLength(1);
  });
});
