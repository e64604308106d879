import { Search, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { getPendingQuery, setPendingQuery, URL_DELAY_MS, usePendingQuery } from "~/lib/live-query";

/** The toggle's answer without JavaScript. */
const OPEN_PARAM = "sok";
const NOT_KEPT = new Set(["q", OPEN_PARAM, "sida"]);

/** The text reaches the URL once typing pauses, so a reload keeps the search and the address can be shared. */
export function HeaderSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [open, setOpen] = useState(q !== "" || params.has(OPEN_PARAM));
  const kept = [...params].filter(([name]) => !NOT_KEPT.has(name));
  const keptFields = kept.map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  const closeFormId = useId();
  const input = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(open);
  // While typing the field's own value wins: echoing the lagging URL back would drop characters.
  const [value, setValue] = useState(q);
  const pending = usePendingQuery();
  useEffect(() => {
    if (getPendingQuery() === q) setPendingQuery(null);
  }, [q]);
  useEffect(() => {
    if (pending === null && document.activeElement !== input.current) setValue(q);
  }, [q, pending]);

  useEffect(() => {
    if (open && !wasOpen.current) input.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const writeUrl = useCallback(
    (text: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text) next.set("q", text);
          else next.delete("q");
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      setPendingQuery(null);
    },
    [],
  );

  const setQuery = (text: string) => {
    setValue(text);
    setPendingQuery(text === q ? null : text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Skipped when something else (such as 'Rensa filter') has taken over the search meanwhile.
      if (getPendingQuery() === text) writeUrl(text);
    }, URL_DELAY_MS);
  };

  const close = () => {
    clearTimeout(timer.current);
    setValue("");
    setPendingQuery(q ? "" : null);
    if (q) writeUrl("");
    setOpen(false);
  };

  const field = (
    <form
      method="get"
      action="/"
      onSubmit={(e) => e.preventDefault()}
      className="relative flex w-full items-center"
    >
      {keptFields}
      <Search aria-hidden className="pointer-events-none absolute left-3 size-4 text-stone-500" />
      <input
        ref={input}
        type="search"
        name="q"
        aria-label="Sök Quiz"
        placeholder="Sök Quiz"
        autoComplete="off"
        value={value}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") close();
        }}
        className="h-10 w-full rounded-lg border border-stone-300 bg-white pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none text-base text-stone-900 placeholder:text-stone-500 md:text-sm dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400"
      />
      {/* Without JavaScript it sends the form beside this one: the filter without the search. */}
      <button
        type="submit"
        form={closeFormId}
        aria-label="Stäng sök"
        onClick={(e) => {
          e.preventDefault();
          close();
        }}
        className="absolute right-1 grid size-8 place-items-center rounded-md text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
      >
        <X aria-hidden className="size-4" />
      </button>
    </form>
  );

  if (!open) {
    return (
      <form method="get" action="/">
        {keptFields}
        <button
          type="submit"
          name={OPEN_PARAM}
          value="1"
          aria-label="Sök Quiz"
          aria-expanded={false}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
          className="grid size-10 place-items-center rounded-lg text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
        >
          <Search aria-hidden className="size-5" />
        </button>
      </form>
    );
  }
  // On phones the page below moves down by the row's height (app.css), so the row covers nothing.
  return (
    <div
      data-search-row
      className="absolute inset-x-0 top-full border-b border-stone-200 bg-stone-50 px-4 py-2 md:static md:w-64 md:border-0 md:bg-transparent md:p-0 dark:border-stone-800 dark:bg-stone-950 md:dark:bg-transparent"
    >
      {field}
      <form id={closeFormId} method="get" action="/" hidden>
        {keptFields}
      </form>
    </div>
  );
}
