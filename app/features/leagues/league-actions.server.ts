import { redirect } from "react-router";
import { AppError, appErrorPage, formFailureData } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { fieldErrorsOf } from "~/lib/form-errors";
import { clientIp, hitRateLimit } from "~/lib/rate-limit.server";
import { memberCookie, memberKeyOf } from "./league-page.server";
import { readCreateLeagueForm, readJoinLeagueForm } from "./league-rules";
import {
  createLeague,
  findLeague,
  joinLeague,
  leaveLeague,
  memberByKey,
  removeMember,
} from "./leagues.server";

const LEAGUES_PER_HOUR = { limit: 5, windowMs: 3_600_000 };
// A whole pub table may join from one address (one network) within minutes.
const JOINS_PER_TEN_MINUTES = { limit: 60, windowMs: 600_000 };
const leaguePath = (code: string) => `/veckans-nutidsquiz/liga/${code}`;

function valuesOf(form: FormData) {
  const text = (key: string) => (typeof form.get(key) === "string" ? String(form.get(key)) : "");
  return { name: text("name"), nickname: text("nickname") };
}

function invalid(form: FormData, parsed: { error: Parameters<typeof fieldErrorsOf>[0] }) {
  const fieldErrors = fieldErrorsOf(parsed.error);
  const error = new AppError("bad-request", { message: "Kontrollera fälten.", fieldErrors });
  return formFailureData(error, { values: valuesOf(form) });
}

async function limited(
  db: Db,
  request: Request,
  kind: string,
  rule: typeof LEAGUES_PER_HOUR,
  message: string,
) {
  const outcome = await hitRateLimit(db, `${kind}:${clientIp(request)}`, rule);
  return outcome.allowed
    ? null
    : new AppError("rate-limited", { message, retryAfterSeconds: outcome.retryAfterSeconds });
}

/** "Skapa liga": the league, its creator as its first member, and the creator's key in a cookie. */
export async function answerCreateLeague(db: Db, request: Request, form: FormData) {
  const parsed = readCreateLeagueForm(form);
  if (!parsed.success) return invalid(form, parsed);
  const refused = await limited(
    db,
    request,
    "league",
    LEAGUES_PER_HOUR,
    "Du har skapat många ligor. Försök igen om en stund.",
  );
  if (refused) return formFailureData(refused, { values: valuesOf(form) });
  const { code, memberKey } = await createLeague(db, parsed.data);
  return redirect(leaguePath(code), { headers: { "Set-Cookie": memberCookie(code, memberKey) } });
}

/** The league page's forms: "Gå med i ligan", "Lämna ligan" and the creator's "Ta bort". */
export async function answerLeagueForm(db: Db, request: Request, code: string, form: FormData) {
  const league = await findLeague(db, code);
  if (!league) throw appErrorPage(new AppError("not-found", { message: "Ligan finns inte." }));
  const intent = form.get("intent");
  if (intent === "join") {
    const parsed = readJoinLeagueForm(form);
    if (!parsed.success) return invalid(form, parsed);
    const refused = await limited(
      db,
      request,
      "league-join",
      JOINS_PER_TEN_MINUTES,
      "För många försök. Försök igen om en stund.",
    );
    if (refused) return formFailureData(refused, { values: valuesOf(form) });
    const joined = await joinLeague(db, league.id, parsed.data);
    if (!joined.ok) {
      const error =
        joined.reason === "full"
          ? new AppError("conflict", { message: "Ligan är full: den har redan 50 medlemmar." })
          : new AppError("conflict", {
              message: "Någon i ligan heter redan så. Välj ett annat smeknamn.",
              fieldErrors: { nickname: "Någon i ligan heter redan så. Välj ett annat smeknamn." },
            });
      return formFailureData(error, { values: valuesOf(form) });
    }
    return redirect(leaguePath(code), { headers: { "Set-Cookie": memberCookie(code, joined.memberKey) } });
  }
  const viewer = await memberByKey(db, league.id, memberKeyOf(request, code));
  const refuse = (message: string) => formFailureData(new AppError("forbidden", { message }), { values: {} });
  if (!viewer) return refuse("Du är inte med i den här ligan längre.");
  if (intent === "leave") {
    await leaveLeague(db, league.id, viewer.id);
    return redirect(leaguePath(code), { headers: { "Set-Cookie": memberCookie(code, null) } });
  }
  if (intent === "remove") {
    const memberId = form.get("memberId");
    if (typeof memberId !== "string" || !(await removeMember(db, league.id, viewer, memberId)))
      return refuse("Bara den som skapade ligan kan ta bort medlemmar.");
    return redirect(leaguePath(code));
  }
  return formFailureData(new AppError("bad-request", { message: "Okänd åtgärd." }), { values: {} });
}
