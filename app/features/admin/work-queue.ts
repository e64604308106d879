/** The hub's "Att göra": waiting host claims, open reports and suggestions in one list, newest first. */

/** Entries a page of the queue shows. */
export const WORK_QUEUE_PAGE_SIZE = 20;
/** The queue's pages are counted from the page's own parameter, apart from the quiz nights' `sida`. */
export const WORK_QUEUE_PAGE_PARAM = "att-gora-sida";
/** Deeper pages read more rows of each kind; past this one the last is shown. */
const WORK_QUEUE_MAX_PAGE = 25;
/** The queue's "Markera som löst" posts this intent to the hub's own action. */
export const RESOLVE_REPORT_INTENT = "resolve-report";
/** Stale listings named in the queue; the rest are counted and wait on "Att bekräfta". */
export const STALE_NAMED = 3;

type Dated = { id: string; createdAt: string };

export type ClaimEntry = Dated & {
  kind: "claim";
  name: string;
  venueRole: string;
  eventTitle: string;
};

export type ReportEntry = Dated & {
  kind: "report" | "suggestion";
  title: string;
  description: string;
  eventId: string | null;
  eventTitle: string | null;
  eventPath: string | null;
};

export type QueueEntry = ClaimEntry | ReportEntry;

export type WorkQueue = {
  entries: QueueEntry[];
  /** Entries on the other pages. */
  rest: number;
  page: number;
  pages: number;
  counts: { claims: number; reports: number; suggestions: number };
  stale: { total: number; first: { id: string; title: string }[] };
};

export function clampQueuePage(page: number): number {
  return Math.min(Math.max(1, page), WORK_QUEUE_MAX_PAGE);
}

const newestFirst = (a: Dated, b: Dated) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * One page of the queue from the newest `page × size` of each kind: their merge holds every entry of the
 * page whatever the mix. `alsoId` names a report shown even off this page (a link from "Att bekräfta").
 */
export function buildWorkQueue(input: {
  claims: ClaimEntry[];
  reports: ReportEntry[];
  counts: WorkQueue["counts"];
  stale: WorkQueue["stale"];
  page: number;
  size?: number;
  alsoId?: string;
}): WorkQueue {
  const size = input.size ?? WORK_QUEUE_PAGE_SIZE;
  const total = input.counts.claims + input.counts.reports + input.counts.suggestions;
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(clampQueuePage(input.page), pages);
  const merged = [...input.claims, ...input.reports].sort(newestFirst);
  const entries = merged.slice((page - 1) * size, page * size);
  const also = input.alsoId ? merged.find((e) => e.id === input.alsoId) : undefined;
  if (also && !entries.includes(also)) entries.push(also);
  return {
    entries,
    rest: Math.max(0, total - entries.length),
    page,
    pages,
    counts: input.counts,
    stale: input.stale,
  };
}
