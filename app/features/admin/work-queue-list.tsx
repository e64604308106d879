import { Check, Pencil, Plus, UserCheck } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { PageLinks } from "~/components/ui/page-links";
import { formatDateTime } from "~/lib/time";
import {
  type QueueEntry,
  RESOLVE_REPORT_INTENT,
  type ReportEntry,
  WORK_QUEUE_PAGE_PARAM,
  type WorkQueue,
} from "./work-queue";

const LINK = "font-medium text-brand-700 hover:underline dark:text-brand-300";
const MUTED = "text-sm text-stone-600 dark:text-stone-400";
const BADGE = "rounded-full px-2 py-0.5 text-xs font-medium";

const KIND: Record<QueueEntry["kind"], { label: string; tone: string }> = {
  claim: { label: "Quizvärd", tone: "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50" },
  report: { label: "Rapport", tone: "bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50" },
  suggestion: {
    label: "Förslag",
    tone: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50",
  },
};

type ResolveAnswer = { intent: typeof RESOLVE_REPORT_INTENT; resolved: boolean };

function isResolveAnswer(value: unknown): value is ResolveAnswer {
  return (value as ResolveAnswer | null | undefined)?.intent === RESOLVE_REPORT_INTENT;
}

function ResolveForm({ entry }: { entry: ReportEntry }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("reportId") === entry.id;
  return (
    <Form method="post" action="/admin">
      <input type="hidden" name="intent" value={RESOLVE_REPORT_INTENT} />
      <input type="hidden" name="reportId" value={entry.id} />
      <Button type="submit" variant="ghost" disabled={busy} aria-label={`Markera ${entry.title} som löst`}>
        <Check aria-hidden className="size-4" /> Markera som löst
      </Button>
    </Form>
  );
}

function EntryActions({ entry }: { entry: QueueEntry }) {
  if (entry.kind === "claim")
    return (
      <Link
        to="/admin/quizvardar"
        className={buttonClasses("secondary")}
        aria-label={`Granska ansökan från ${entry.name}`}
      >
        <UserCheck aria-hidden className="size-4" /> Granska
      </Link>
    );
  return (
    <>
      {entry.kind === "suggestion" ? (
        <Link to={`/admin/events/new?forslag=${entry.id}`} className={buttonClasses("secondary")}>
          <Plus aria-hidden className="size-4" /> Skapa quiz från förslaget
        </Link>
      ) : entry.eventId ? (
        <Link
          to={`/admin/events/${entry.eventId}/edit`}
          className={buttonClasses("secondary")}
          aria-label={`Redigera ${entry.eventTitle ?? "quizet"}`}
        >
          <Pencil aria-hidden className="size-4" /> Redigera
        </Link>
      ) : null}
      <ResolveForm entry={entry} />
    </>
  );
}

function Entry({ entry }: { entry: QueueEntry }) {
  const kind = KIND[entry.kind];
  return (
    <li
      id={entry.kind === "claim" ? undefined : `rapport-${entry.id}`}
      aria-label={`${kind.label}: ${entry.kind === "claim" ? entry.name : entry.title}`}
      className="scroll-mt-20 py-3 target:bg-amber-50 dark:target:bg-amber-950/40"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className={`${BADGE} ${kind.tone}`}>{kind.label}</span>
        <span className="font-medium break-words">
          {entry.kind === "claim" ? `${entry.name} (${entry.venueRole})` : entry.title}
        </span>
      </p>
      {entry.kind === "claim" ? (
        <p className="mt-0.5 text-sm break-words">Vill bli quizvärd för {entry.eventTitle}.</p>
      ) : (
        <p className="mt-0.5 text-sm break-words whitespace-pre-line text-stone-700 dark:text-stone-300">
          {entry.description}
        </p>
      )}
      <p className={`mt-1 ${MUTED}`}>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {entry.kind !== "claim" && entry.eventPath && entry.eventTitle && (
          <>
            {" · "}
            <Link to={entry.eventPath} className={LINK}>
              {entry.eventTitle}
            </Link>
          </>
        )}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <EntryActions entry={entry} />
      </div>
    </li>
  );
}

function StaleEntry({ stale }: { stale: WorkQueue["stale"] }) {
  const more = stale.total - stale.first.length;
  return (
    <li className="py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`${BADGE} bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50`}>
          Att bekräfta
        </span>
        <span className="font-medium">
          {stale.total === 1 ? "1 quizkväll att bekräfta" : `${stale.total} quizkvällar att bekräfta`}
        </span>
      </p>
      <p className="mt-0.5 text-sm break-words">
        {stale.first.map((e) => e.title).join(", ")}
        {more > 0 && ` och ${more} till`}
      </p>
      <Link to="/admin/confirmations" className={buttonClasses("secondary", "mt-2")}>
        <Check aria-hidden className="size-4" /> Bekräfta quizkvällar
      </Link>
    </li>
  );
}

/** Waiting claims, stale listings, open reports and suggestions, each with what to do about it. */
export function WorkQueueList({
  queue,
  params,
  className,
}: {
  queue: WorkQueue;
  /** The hub's other parameters (search, the quiz nights' page), kept by the queue's page links. */
  params: URLSearchParams;
  className: string;
}) {
  const answer: unknown = useActionData();
  const resolved = isResolveAnswer(answer) ? answer.resolved : null;
  const { counts, stale } = queue;
  const total = counts.claims + counts.reports + counts.suggestions + (stale.total > 0 ? 1 : 0);
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set(WORK_QUEUE_PAGE_PARAM, String(page));
    else next.delete(WORK_QUEUE_PAGE_PARAM);
    return `${next.size ? `?${next}` : "/admin"}#att-gora`;
  };
  return (
    <section id="att-gora" aria-labelledby="att-gora-rubrik" className={className}>
      <h2 id="att-gora-rubrik" className="text-xl font-semibold">
        Att göra <span className="font-normal text-stone-600 dark:text-stone-400">({total})</span>
      </h2>
      {resolved === true && (
        <p role="status" className="mt-2 font-medium text-emerald-800 dark:text-emerald-300">
          Rapport löst
        </p>
      )}
      {resolved === false && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          Kunde inte markera rapport som löst
        </p>
      )}
      {total === 0 ? (
        <p className={`mt-2 ${MUTED}`}>Inget att göra just nu.</p>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-label="Att göra">
          {stale.total > 0 && queue.page === 1 && <StaleEntry stale={stale} />}
          {queue.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {queue.rest > 0 && (
        <p className={`mt-3 ${MUTED}`}>
          {queue.rest === 1 ? "1 till" : `${queue.rest} till`} på andra sidor, nyast först.
        </p>
      )}
      {queue.pages > 1 && (
        <PageLinks page={queue.page} pages={queue.pages} hrefFor={hrefFor} label="Sidor att göra" />
      )}
      <nav aria-label="Hela listorna" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/quizvardar" className={LINK}>
          Alla ansökningar ({counts.claims})
        </Link>
        <Link to="/admin/confirmations" className={LINK}>
          Alla att bekräfta ({stale.total})
        </Link>
        <span className={MUTED}>Lösta rapporter: Visa/Dölj Rapporter ovan.</span>
      </nav>
    </section>
  );
}
