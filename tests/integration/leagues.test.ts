import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seasonTable, weekTable } from "~/features/leagues/league-rules";
import {
  createLeague,
  findLeague,
  joinLeague,
  leagueResults,
  leaveLeague,
  memberByKey,
  removeMember,
} from "~/features/leagues/leagues.server";
import { startPlay } from "~/features/play/start-play.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as leagueAction } from "~/routes/public/leagues/league";
import { action as newLeagueAction } from "~/routes/public/leagues/new";
import { answerQuestion } from "../support/answers";
import { callRoute } from "../support/call-route";
import { insertQuiz } from "../support/factories";

const WEEK = { weekYear: 2031, week: 10 };
const LAST_WEEK = { weekYear: 2031, week: 9 };

function weeklyQuiz(week: typeof WEEK) {
  return insertQuiz(getDb(), { category: "NutidsQuiz", week, questionCount: 4 });
}

/** A finished play of `visitorId` with the first `correct` answers right, taking `seconds`. */
async function play(quizId: string, visitorId: string, correct: number, seconds = 60) {
  const db = getDb();
  const { playId } = await startPlay(db, quizId, visitorId, { preview: false });
  for (const [index, question] of (await getQuestionsWithKey(db, quizId)).entries()) {
    const option = question.options.find((o) => o.isCorrect === index < correct);
    await answerQuestion(db, { playId, visitorId, questionId: question.id, optionId: option!.id });
  }
  await db.execute(
    sql`update quiz_plays set started_at = finished_at - make_interval(secs => ${seconds}) where id = ${playId}`,
  );
  return playId;
}

async function league(creator: string, ...others: string[]) {
  const db = getDb();
  const { code, memberKey } = await createLeague(db, {
    name: "Fredagsgänget",
    nickname: creator,
    visitorId: `v-${creator}`,
  });
  const found = (await findLeague(db, code))!;
  const keys: Record<string, string> = { [creator]: memberKey };
  for (const nickname of others) {
    const joined = await joinLeague(db, found.id, { nickname, visitorId: `v-${nickname}` });
    if (!joined.ok) throw new Error(joined.reason);
    keys[nickname] = joined.memberKey;
  }
  return { id: found.id, code, keys };
}

describe("Kompisligor", () => {
  it("orders the week by score then time, counts only a member's first play, and sums the season", async () => {
    const db = getDb();
    const quiz = await weeklyQuiz(WEEK);
    const earlier = await weeklyQuiz(LAST_WEEK);
    const { id } = await league("Ada", "Bo", "Cleo", "Dan");
    await play(quiz.id, "v-Ada", 3, 120);
    await play(quiz.id, "v-Bo", 3, 80);
    await play(quiz.id, "v-Cleo", 2, 30);
    // Bo's replay scores better: it is not counted.
    await play(quiz.id, "v-Bo", 4, 10);
    // Someone outside the league.
    await play(quiz.id, "v-Eva", 4, 10);
    await play(earlier.id, "v-Cleo", 4, 50);
    await play(earlier.id, "v-Ada", 1, 50);

    const results = await leagueResults(db, id, LAST_WEEK, WEEK);
    expect(
      weekTable(results, WEEK).map((r) => [r.place, r.nickname, r.score, Math.round(r.seconds)]),
    ).toEqual([
      [1, "Bo", 3, 80],
      [2, "Ada", 3, 120],
      [3, "Cleo", 2, 30],
    ]);
    expect(weekTable(results, LAST_WEEK).map((r) => r.nickname)).toEqual(["Cleo", "Ada"]);
    expect(seasonTable(results).map((r) => [r.place, r.nickname, r.points, r.weeks])).toEqual([
      [1, "Cleo", 6, 2],
      [2, "Ada", 4, 2],
      [3, "Bo", 3, 1],
    ]);
  });

  it("forgets a removed member's results, lets only the creator remove, and hands the league on when the creator leaves", async () => {
    const db = getDb();
    const quiz = await weeklyQuiz(WEEK);
    const { id, code, keys } = await league("Fia", "Gus", "Hed");
    await play(quiz.id, "v-Gus", 4);
    const gus = (await memberByKey(db, id, keys.Gus!))!;
    const hed = (await memberByKey(db, id, keys.Hed!))!;
    const fia = (await memberByKey(db, id, keys.Fia!))!;
    expect(await removeMember(db, id, hed, gus.id)).toBe(false);
    expect(await removeMember(db, id, fia, fia.id)).toBe(false);
    expect(await removeMember(db, id, fia, gus.id)).toBe(true);
    expect(await leagueResults(db, id, WEEK, WEEK)).toEqual([]);
    expect(await memberByKey(db, id, keys.Gus!)).toBeNull();

    await leaveLeague(db, id, fia.id);
    const after = (await findLeague(db, code))!;
    expect(after.members).toEqual([{ id: hed.id, nickname: "Hed", isCreator: true }]);
    await leaveLeague(db, id, hed.id);
    expect(await findLeague(db, code)).toBeNull();
  });

  it("holds at most 50 members even when they join at once, and refuses a name already taken in any case", async () => {
    const db = getDb();
    const { id } = await league("Ida");
    const joins = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        joinLeague(db, id, { nickname: `Spelare ${i}`, visitorId: `v-many-${i}` }),
      ),
    );
    expect(joins.filter((j) => j.ok)).toHaveLength(49);
    expect(joins.filter((j) => !j.ok && j.reason === "full")).toHaveLength(6);
    const { id: small, code: smallCode } = await league("Jon");
    expect(await joinLeague(db, small, { nickname: "jon", visitorId: "v-other" })).toEqual({
      ok: false,
      reason: "nickname-taken",
    });
    // The same browser joining again is the same member with a new key and name.
    const again = await joinLeague(db, small, { nickname: "Jonte", visitorId: "v-Jon" });
    expect(again.ok).toBe(true);
    expect((await findLeague(db, smallCode))?.members.map((m) => m.nickname)).toEqual(["Jonte"]);
  });

  it("creates and joins through the pages' forms, with the member's key in a cookie for the league's pages only", async () => {
    const origin = getEnv().publicUrl;
    const post = (path: string, fields: Record<string, string>, cookie = "") =>
      new Request(`${origin}${path}`, {
        method: "POST",
        headers: { origin, cookie, "x-quizkvall-client-ip": "203.0.113.77" },
        body: new URLSearchParams(fields),
      });
    const created = await callRoute(
      newLeagueAction,
      post("/veckans-nutidsquiz/liga", {
        intent: "create",
        name: "Kontoret",
        nickname: "Kim",
        visitorId: "v-kim",
      }),
    );
    expect(created.status).toBe(302);
    const path = created.headers.get("location")!;
    expect(path).toMatch(/^\/veckans-nutidsquiz\/liga\/[\w-]{16}$/);
    const cookie = created.headers.get("set-cookie")!;
    expect(cookie).toMatch(/Path=\/veckans-nutidsquiz\/liga; HttpOnly; SameSite=Lax/);
    const code = path.split("/").at(-1)!;

    const bad = await callRoute<{ data: { fieldErrors: Record<string, string> }; init: { status: number } }>(
      leagueAction,
      post(path, { intent: "join", nickname: "Lo\u0007", visitorId: "v-lo" }),
      { code },
    );
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors.nickname).toBeTruthy();
    const long = await callRoute<{ data: { fieldErrors: Record<string, string> } }>(
      leagueAction,
      post(path, { intent: "join", nickname: "x".repeat(31), visitorId: "v-lo" }),
      { code },
    );
    expect(long.data.fieldErrors.nickname).toBe("Smeknamnet får vara högst 30 tecken.");
    const joined = await callRoute(
      leagueAction,
      post(path, { intent: "join", nickname: "Lo", visitorId: "v-lo" }),
      { code },
    );
    expect(joined.status).toBe(302);
    const loCookie = joined.headers.get("set-cookie")!.split(";")[0]!;
    // Lo is no creator: removing Kim is refused; leaving clears the cookie.
    const league = (await findLeague(getDb(), code))!;
    const kim = league.members.find((m) => m.nickname === "Kim")!;
    const refused = await callRoute<{ init: { status: number } }>(
      leagueAction,
      post(path, { intent: "remove", memberId: kim.id }, loCookie),
      { code },
    );
    expect(refused.init.status).toBe(403);
    const left = await callRoute(leagueAction, post(path, { intent: "leave" }, loCookie), { code });
    expect(left.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await findLeague(getDb(), code))?.members.map((m) => m.nickname)).toEqual(["Kim"]);
  });
});
