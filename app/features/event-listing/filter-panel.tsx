import { Check } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { CITY_NAMES } from "~/lib/cities";
import { cn } from "~/lib/cn";
import { WEEKDAYS } from "~/lib/time";
import { DAY_SHORTCUTS, type DayShortcut } from "./day-shortcuts";
import { FACT_CHIP_LABELS, FACT_CHIPS, isFactChosen } from "./fact-filter";
import {
  currentStep,
  FILTER_FORM_PARAM,
  FILTER_STEPS,
  type FilterCounts,
  type FilterState,
  filterSearch,
  QUIZ_TYPES,
  toggleCity,
  toggleDay,
  toggleFact,
  toggleType,
  toggleWeekday,
} from "./filters";
import { atListing, FILTER_FROM_PARAM, landsAtListing } from "./list-landing";

const STEP_TITLES = ["Välj stad", "Välj typ av quiz", "Välj dag(ar)"] as const;

/** Without JavaScript the form asks the server for `next`; with it the click changes the filter in place. */
export function filterButtonProps(next: FilterState, onChange: (next: FilterState) => void) {
  return {
    type: "submit" as const,
    name: FILTER_FORM_PARAM,
    value: filterSearch(next).slice(1),
    onClick: (e: MouseEvent) => {
      e.preventDefault();
      onChange(next);
    },
  };
}

export function FilterForm({
  state,
  className,
  children,
}: {
  state: FilterState;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action="/" className={className}>
      <input type="hidden" name={FILTER_FROM_PARAM} value={filterSearch(state).slice(1)} />
      {children}
    </form>
  );
}

function Chip({
  pressed,
  count,
  next,
  onChange,
  children,
}: {
  pressed: boolean;
  count: number;
  next: FilterState;
  onChange: (next: FilterState) => void;
  children: ReactNode;
}) {
  return (
    <button
      {...filterButtonProps(next, onChange)}
      aria-pressed={pressed}
      className={cn(
        "inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors",
        pressed
          ? "border-brand-800 bg-brand-800 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-stone-950"
          : "border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:bg-brand-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:border-brand-300 dark:hover:bg-stone-800",
      )}
    >
      {pressed && <Check aria-hidden className="-ml-1 size-4" />}
      {children}
      <span
        className={cn(
          "rounded-full px-1.5 text-xs tabular-nums",
          pressed
            ? "bg-black/25 dark:bg-white/40"
            : "bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300",
        )}
      >
        {count}
      </span>
    </button>
  );
}

function Step({ n, current, children }: { n: 1 | 2 | 3; current: number; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
        <span className="sr-only">Steg {n}: </span>
        {STEP_TITLES[n - 1]}
      </legend>
      {children}
      {n === current && <span className="sr-only">(aktuellt steg)</span>}
    </fieldset>
  );
}

function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol aria-label="Filtersteg" className="flex items-center gap-2">
      {Array.from({ length: FILTER_STEPS }, (_, i) => i + 1).map((n) => (
        <li key={n} className="flex items-center gap-2">
          <span
            aria-current={n === current ? "step" : undefined}
            className={cn(
              "grid size-7 place-items-center rounded-full text-xs font-bold",
              n === current
                ? "bg-brand-700 text-white ring-4 ring-brand-200 dark:bg-brand-300 dark:text-stone-950 dark:ring-brand-900"
                : n < current
                  ? "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100"
                  : "bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300",
            )}
          >
            <span className="sr-only">Steg </span>
            {n}
          </span>
          {n < FILTER_STEPS && <span aria-hidden className="h-px w-6 bg-stone-300 dark:bg-stone-700" />}
        </li>
      ))}
    </ol>
  );
}

function DayShortcuts({
  counts,
  state,
  onChange,
}: {
  counts: FilterCounts["days"];
  state: FilterState;
  onChange: (next: FilterState) => void;
}) {
  return (
    <nav aria-label="Snabbval" className="flex flex-wrap gap-2">
      {(Object.keys(DAY_SHORTCUTS) as DayShortcut[]).map((day) => {
        const next = toggleDay(state, day);
        const active = state.day === day;
        const href = filterSearch(next) || "/";
        return (
          <a
            key={day}
            href={landsAtListing(state, next) ? atListing(href) : href}
            aria-current={active ? "true" : undefined}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onChange(next);
            }}
            className={cn(
              "inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
              active
                ? "border-brand-800 bg-brand-800 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-stone-950"
                : "border-brand-600 bg-brand-50 text-brand-900 hover:bg-brand-100 dark:border-brand-300 dark:bg-stone-900 dark:text-brand-100 dark:hover:bg-stone-800",
            )}
          >
            {active && <Check aria-hidden className="-ml-1 size-4" />}
            {DAY_SHORTCUTS[day]}
            <span
              className={cn(
                "rounded-full px-1.5 text-xs tabular-nums",
                active
                  ? "bg-black/25 dark:bg-white/40"
                  : "bg-white text-stone-700 dark:bg-stone-800 dark:text-stone-300",
              )}
            >
              {counts[day]}
            </span>
          </a>
        );
      })}
    </nav>
  );
}

export function FilterPanel({
  counts,
  state,
  onChange,
}: {
  counts: FilterCounts;
  state: FilterState;
  onChange: (next: FilterState) => void;
}) {
  const step = currentStep(state);
  const { cities, types, weekdays } = counts;
  return (
    <section
      aria-label="Filter"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 className="text-base font-semibold">Hitta ditt quiz</h2>
        <StepIndicator current={step} />
      </div>
      <FilterForm state={state} className="space-y-5">
        <DayShortcuts counts={counts.days} state={state} onChange={onChange} />
        <Step n={1} current={step}>
          <div className="flex flex-wrap gap-2">
            {CITY_NAMES.map((c) => (
              <Chip
                key={c}
                pressed={state.cities.includes(c)}
                count={cities[c]}
                next={toggleCity(state, c)}
                onChange={onChange}
              >
                {c}
              </Chip>
            ))}
          </div>
        </Step>
        {state.cities.length > 0 && (
          <Step n={2} current={step}>
            <div className="flex flex-wrap gap-2">
              {QUIZ_TYPES.map((t) => (
                <Chip
                  key={t}
                  pressed={state.types.includes(t)}
                  count={types[t]}
                  next={toggleType(state, t)}
                  onChange={onChange}
                >
                  {t}
                </Chip>
              ))}
            </div>
          </Step>
        )}
        {state.cities.length > 0 && state.types.length > 0 && (
          <Step n={3} current={step}>
            {/* One scrollable row on phones, wrapping on wider screens. */}
            <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 md:flex-wrap md:overflow-visible">
              {WEEKDAYS.map((w) => (
                <Chip
                  key={w}
                  pressed={state.weekdays.includes(w)}
                  count={weekdays[w]}
                  next={toggleWeekday(state, w)}
                  onChange={onChange}
                >
                  {w}
                </Chip>
              ))}
            </div>
          </Step>
        )}
        <fieldset className="min-w-0 border-t border-stone-200 pt-4 dark:border-stone-800">
          <legend className="sr-only">Mer filter</legend>
          <p aria-hidden className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
            Mer filter
          </p>
          <div className="flex flex-wrap gap-2">
            {FACT_CHIPS.map((chip) => (
              <Chip
                key={chip}
                pressed={isFactChosen(state.facts, chip)}
                count={counts.facts[chip]}
                next={toggleFact(state, chip)}
                onChange={onChange}
              >
                {FACT_CHIP_LABELS[chip]}
              </Chip>
            ))}
          </div>
        </fieldset>
      </FilterForm>
    </section>
  );
}
