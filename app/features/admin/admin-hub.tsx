import { History, Pencil, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { PageLinks } from "~/components/ui/page-links";
import { AdminQuickControls } from "~/features/event-editor/public-admin-controls";
import { PAGE_PARAM, pageHref } from "~/lib/paging";
import { formatDateTime } from "~/lib/time";
import type { WorkQueue } from "./work-queue";
import { WorkQueueList } from "./work-queue-list";

type HubChange = {
  id: string;
  eventId: string;
  eventTitle: string;
  field: string;
  before: string;
  after: string;
  who: string;
  at: string;
  undone: boolean;
};

type HubSearch = {
  q: string;
  hits: { id: string; title: string; location: string | null; city: string; path: string }[];
  page: number;
  pages: number;
  total: number;
};

export type AdminHubData = {
  counts: { events: number; reports: number; suggestions: number; claims: number; stale: number };
  search: HubSearch;
  searchMax: number;
  queue: WorkQueue;
  changes: HubChange[];
};

const SECTION =
  "rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 dark:border-stone-800 dark:bg-stone-900";
const LINK = "font-medium text-brand-700 hover:underline dark:text-brand-300";
const MUTED = "text-sm text-stone-600 dark:text-stone-400";

/** The hub's search and page of quiz nights, which the queue's page links keep. */
function hubParams(search: HubSearch): URLSearchParams {
  const params = new URLSearchParams(search.q ? { q: search.q } : {});
  if (search.page > 1) params.set(PAGE_PARAM, String(search.page));
  return params;
}

/** Quiz nights, paged and searchable by name, venue, street or city: edit, see the history. */
function QuizNights({ search, searchMax, total }: { search: HubSearch; searchMax: number; total: number }) {
  const params = new URLSearchParams(search.q ? { q: search.q } : {});
  return (
    <section id="quizkvallar" aria-labelledby="quizkvallar-rubrik" className={SECTION}>
      <h2 id="quizkvallar-rubrik" className="text-xl font-semibold">
        Quizkvällar <span className="font-normal text-stone-600 dark:text-stone-400">({total})</span>
      </h2>
      <Form method="get" action="/admin" role="search" className="mt-5 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="admin-search" className="mb-1 block text-sm font-medium">
            Sök quizkväll på namn, ställe, gata eller stad
          </label>
          <Input id="admin-search" name="q" type="search" defaultValue={search.q} maxLength={searchMax} />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="size-4" /> Sök
        </Button>
      </Form>
      {
        <div className="mt-4" aria-live="polite">
          {search.q ? (
            <p className={MUTED}>
              {search.total} {search.total === 1 ? "träff" : "träffar"} för ”{search.q}”
            </p>
          ) : null}
          {search.hits.length === 0 ? (
            <p className={MUTED}>Inga quizkvällar matchar ”{search.q}”.</p>
          ) : (
            <ul className="divide-y divide-stone-200 dark:divide-stone-800">
              {search.hits.map((hit) => (
                <li key={hit.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <Link to={hit.path} className="font-medium hover:underline">
                      {hit.title}
                    </Link>
                    <p className={MUTED}>{[hit.location, hit.city].filter(Boolean).join(", ")}</p>
                  </div>
                  <div className="flex gap-1">
                    <Link
                      to={`/admin/events/${hit.id}/edit`}
                      className={buttonClasses("ghost", "min-h-9 px-2")}
                      aria-label={`Redigera ${hit.title}`}
                    >
                      <Pencil aria-hidden className="size-4" /> Redigera
                    </Link>
                    <Link
                      to={`/admin/events/${hit.id}/historik`}
                      className={buttonClasses("ghost", "min-h-9 px-2")}
                      aria-label={`Ändringshistorik för ${hit.title}`}
                    >
                      <History aria-hidden className="size-4" /> Historik
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {search.pages > 1 ? (
            <PageLinks
              page={search.page}
              pages={search.pages}
              hrefFor={(page) => `${pageHref("/admin", params, page)}#quizkvallar`}
            />
          ) : null}
        </div>
      }
    </section>
  );
}

export function AdminHub({ hub }: { hub: AdminHubData }) {
  return (
    <div className="mt-8 space-y-6">
      <AdminQuickControls />
      <WorkQueueList queue={hub.queue} params={hubParams(hub.search)} className={SECTION} />
      <QuizNights search={hub.search} searchMax={hub.searchMax} total={hub.counts.events} />
      <section id="andringar" aria-labelledby="andringar-rubrik" className={SECTION}>
        <h2 id="andringar-rubrik" className="text-xl font-semibold">
          Senaste ändringar
        </h2>
        {hub.changes.length ? (
          <ul className="divide-y divide-stone-200 dark:divide-stone-800">
            {hub.changes.map((c) => (
              <li key={c.id} className="py-3">
                <p className="break-words">
                  <Link to={`/admin/events/${c.eventId}/historik`} className={LINK}>
                    {c.eventTitle}
                  </Link>
                  {": "}
                  <span className="font-medium">{c.field}</span>
                  {c.undone && <span className={MUTED}> (ångrad)</span>}
                </p>
                <p className="text-sm break-words">
                  <span className="text-stone-600 line-through dark:text-stone-400">{c.before}</span>
                  <span aria-hidden> → </span>
                  <span className="sr-only"> ändrades till </span>
                  {c.after}
                </p>
                <p className={MUTED}>
                  <time dateTime={c.at}>{formatDateTime(c.at)}</time> · {c.who}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className={`mt-2 ${MUTED}`}>Inga ändringar ännu.</p>
        )}
      </section>
    </div>
  );
}
