import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { weeklyQuizLabel } from "~/features/quizzes/public";
import { cn } from "~/lib/cn";
import { JoinLeagueForm, type LeagueFormFailure } from "./league-forms";
import type { LeaguePage } from "./league-page.server";
import {
  durationLabel,
  LEAGUE_MAX_MEMBERS,
  SEASON_WEEKS,
  type SeasonRow,
  type WeekRow,
} from "./league-rules";

const CELL = "px-2 py-1.5 text-left";
const NUMBER = "px-2 py-1.5 text-right tabular-nums";

/** A league table: place, name and two figures a row; the viewer's own row in bold. */
function Table({
  caption,
  head,
  rows,
  viewerId,
}: {
  caption: string;
  head: [string, string];
  rows: { memberId: string; place: number; nickname: string; figures: [string, string] }[];
  viewerId: string | null;
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-stone-300 dark:border-stone-600">
          <th scope="col" className={NUMBER}>
            Plats
          </th>
          <th scope="col" className={CELL}>
            Namn
          </th>
          {head.map((h) => (
            <th key={h} scope="col" className={NUMBER}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.memberId}
            className={cn(
              "border-b border-stone-200 dark:border-stone-700",
              r.memberId === viewerId && "font-semibold",
            )}
          >
            <td className={NUMBER}>{r.place}</td>
            <td className={CELL}>{r.nickname}</td>
            {r.figures.map((figure, i) => (
              <td key={head[i]} className={NUMBER}>
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekTable({ rows, viewerId }: { rows: WeekRow[]; viewerId: string | null }) {
  const table = rows.map((r) => ({
    ...r,
    figures: [`${r.score} av ${r.questionCount}`, durationLabel(r.seconds)] as [string, string],
  }));
  return <Table caption="Veckans tabell" head={["Poäng", "Tid"]} rows={table} viewerId={viewerId} />;
}

function SeasonTable({ rows, viewerId }: { rows: SeasonRow[]; viewerId: string | null }) {
  const table = rows.map((r) => ({ ...r, figures: [`${r.points}`, `${r.weeks}`] as [string, string] }));
  return <Table caption="Säsongen" head={["Poäng", "Veckor"]} rows={table} viewerId={viewerId} />;
}

/** A member row's "Ta bort" (the creator's) or the viewer's own "Lämna ligan". */
function MemberAction({
  intent,
  memberId,
  label,
  name = label,
}: {
  intent: string;
  memberId?: string;
  label: string;
  name?: string;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {memberId && <input type="hidden" name="memberId" value={memberId} />}
      <Button type="submit" variant="ghost" className="min-h-9 px-2 text-sm" aria-label={name}>
        {label}
      </Button>
    </Form>
  );
}

export function LeagueView({
  page,
  joinLink,
  failure,
}: {
  page: LeaguePage;
  joinLink: string;
  failure: LeagueFormFailure | null;
}) {
  const { league, viewer, week, quiz } = page;
  const viewerId = viewer?.id ?? null;
  const section = "mt-8";
  const heading = "text-xl font-semibold";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <p className="text-sm font-medium text-brand-700 dark:text-brand-300">Kompisliga</p>
      <h1 className="text-3xl font-bold tracking-tight">{league.name}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">
        {league.members.length} av {LEAGUE_MAX_MEMBERS} medlemmar · {weeklyQuizLabel(week)}
      </p>
      {viewer && failure?.formError && (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {failure.formError}
        </p>
      )}
      {viewer ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p>
            Du är med som <strong>{viewer.nickname}</strong>.
          </p>
          {quiz && (
            <Link
              to={`/veckans-nutidsquiz/${quiz.titleSlug}`}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              Spela {weeklyQuizLabel(week)}
            </Link>
          )}
        </div>
      ) : (
        <section
          aria-labelledby="join-heading"
          className="mt-6 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
        >
          <h2 id="join-heading" className={heading}>
            Gå med i {league.name}
          </h2>
          <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">
            Inget konto behövs. Spela veckans NutidsQuiz i den här webbläsaren, så hamnar ditt resultat i
            tabellen.
          </p>
          <JoinLeagueForm failure={failure} />
        </section>
      )}

      <section aria-labelledby="week-heading" className={section}>
        <h2 id="week-heading" className={heading}>
          Veckans tabell
        </h2>
        {page.thisWeek.length ? (
          <WeekTable rows={page.thisWeek} viewerId={viewerId} />
        ) : (
          <p className="mt-2">Ingen i ligan har spelat {weeklyQuizLabel(week)} än.</p>
        )}
        {page.thisWeek.length > 0 && page.notPlayed.length > 0 && (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
            Har inte spelat än: {page.notPlayed.join(", ")}
          </p>
        )}
        {page.lastWinners.length > 0 && (
          <p className="mt-3">
            Förra veckans vinnare:{" "}
            {page.lastWinners.map((w) => `${w.nickname} (${w.score} av ${w.questionCount})`).join(", ")}
          </p>
        )}
      </section>

      <section aria-labelledby="season-heading" className={section}>
        <h2 id="season-heading" className={heading}>
          Säsongen
        </h2>
        <p className="mb-2 text-sm text-stone-600 dark:text-stone-400">
          De 10 bästa veckorna av de senaste {SEASON_WEEKS}.
        </p>
        {page.season.length ? (
          <SeasonTable rows={page.season} viewerId={viewerId} />
        ) : (
          <p>Inga resultat än.</p>
        )}
      </section>

      <section aria-labelledby="members-heading" className={section}>
        <h2 id="members-heading" className={heading}>
          Medlemmar
        </h2>
        <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
          {league.members.map((m) => (
            <li key={m.id} className="flex min-h-11 items-center justify-between gap-2">
              <span>
                {m.nickname}
                {m.isCreator && (
                  <span className="text-sm text-stone-600 dark:text-stone-400"> · skapade ligan</span>
                )}
              </span>
              {viewer?.id === m.id ? (
                <MemberAction intent="leave" label="Lämna ligan" />
              ) : viewer?.isCreator ? (
                <MemberAction
                  intent="remove"
                  memberId={m.id}
                  label="Ta bort"
                  name={`Ta bort ${m.nickname}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {viewer && (
          <p className="mt-4 text-sm">
            Bjud in fler med länken: <span className="break-all font-mono">{joinLink}</span>
          </p>
        )}
        {viewer && (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
            Vill du ha ligans tabell i veckans NutidsQuiz-mejl? Klistra in länken under Mina utskick (länken
            finns i varje utskick).
          </p>
        )}
      </section>
    </div>
  );
}
