import { History, Pencil, Plus, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { PageLinks } from "~/components/ui/page-links";
import { AdminQuickControls } from "~/features/event-editor/public-admin-controls";
import { pageHref } from "~/lib/paging";
import { formatDateTime } from "~/lib/time";

type HubReport = {
  id: string;
  title: string;
  description: string;
  eventTitle: string | null;
  eventPath: string | null;
  createdAt: string;
};

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
  reports: HubReport[];
  suggestions: HubReport[];
  changes: HubChange[];
};

const SECTION =
  "rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 dark:border-stone-800 dark:bg-stone-900";
const LINK = "font-medium text-brand-700 hover:underline dark:text-brand-300";
const MUTED = "text-sm text-stone-600 dark:text-stone-400";

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

function ReportList({ reports, suggestion }: { reports: HubReport[]; suggestion: boolean }) {
  return (
    <ul className="divide-y divide-stone-200 dark:divide-stone-800">
      {reports.map((r) => (
        <li
          key={r.id}
          id={`rapport-${r.id}`}
          className="scroll-mt-20 py-3 target:bg-amber-50 dark:target:bg-amber-950/40"
        >
          <p className="font-medium break-words">{r.title}</p>
          <p className="mt-0.5 text-sm break-words whitespace-pre-line text-stone-700 dark:text-stone-300">
            {r.description}
          </p>
          <p className={`mt-1 ${MUTED}`}>
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
            {r.eventPath && r.eventTitle && (
              <>
                {" · "}
                <Link to={r.eventPath} className={LINK}>
                  {r.eventTitle}
                </Link>
              </>
            )}
          </p>
          {suggestion && (
            <Link to={`/admin/events/new?forslag=${r.id}`} className={buttonClasses("secondary", "mt-2")}>
              <Plus aria-hidden className="size-4" /> Skapa quiz från förslaget
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AdminHub({ hub }: { hub: AdminHubData }) {
  return (
    <div className="mt-8 space-y-6">
      <AdminQuickControls />
      <QuizNights search={hub.search} searchMax={hub.searchMax} total={hub.counts.events} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section id="rapporter" aria-labelledby="rapporter-rubrik" className={SECTION}>
          <h2 id="rapporter-rubrik" className="text-xl font-semibold">
            Öppna rapporter{" "}
            <span className="font-normal text-stone-600 dark:text-stone-400">({hub.counts.reports})</span>
          </h2>
          {hub.reports.length ? (
            <ReportList reports={hub.reports} suggestion={false} />
          ) : (
            <p className={`mt-2 ${MUTED}`}>Inga öppna rapporter.</p>
          )}
        </section>
        <section id="forslag" aria-labelledby="forslag-rubrik" className={SECTION}>
          <h2 id="forslag-rubrik" className="text-xl font-semibold">
            Förslag på quiz{" "}
            <span className="font-normal text-stone-600 dark:text-stone-400">({hub.counts.suggestions})</span>
          </h2>
          {hub.suggestions.length ? (
            <ReportList reports={hub.suggestions} suggestion />
          ) : (
            <p className={`mt-2 ${MUTED}`}>Inga nya förslag.</p>
          )}
        </section>
      </div>
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
