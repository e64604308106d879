import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { breaksOf, type EventView } from "~/features/events/public";
import { formatShortWeekdayDate } from "~/lib/time";
import { DATE_FIELDS, type DateChanges } from "./event-exception-rules";

// The dates editor's two lists: the changes already saved (each with its 'Ta bort') and the ones collected but not yet saved (each posted as hidden fields, with its 'Ångra').

// Noon UTC is on the same civil date in Stockholm, whatever the season.
export const formatDate = (date: string) => formatShortWeekdayDate(new Date(`${date}T12:00:00Z`));

export type PendingNightChanges = Omit<DateChanges, "remove">;
export const NOTHING_PENDING: PendingNightChanges = { cancel: [], extra: [], breaks: [] };

export const pendingCountOf = (pending: PendingNightChanges) =>
  pending.cancel.length + pending.extra.length + pending.breaks.length;

/** The saved cancelled and extra nights and breaks from today on; ticking 'Ta bort' takes one back on save. */
export function SavedNightChanges({
  exceptions,
  today,
}: {
  exceptions: EventView["exceptions"];
  today: string;
}) {
  const cancelled = exceptions.filter((e) => e.kind === "cancelled" && e.date >= today);
  const extras = exceptions.filter((e) => e.kind === "extra" && e.date >= today);
  const breaks = breaksOf(exceptions).filter((b) => b.to >= today);
  if (cancelled.length + extras.length + breaks.length === 0) return null;
  return (
    <ul
      className="mt-3 divide-y divide-stone-200 text-sm dark:divide-stone-800"
      aria-label="Sparade ändringar"
    >
      {cancelled.map((c) => (
        <li key={`c${c.date}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            <span className="line-through">{formatDate(c.date)}</span>{" "}
            <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
              {c.note ? `Inställt – ${c.note}` : "Inställt"}
            </span>
          </span>
          <Remover kind="cancelled" date={c.date} label={`inställt ${formatDate(c.date)}`} />
        </li>
      ))}
      {extras.map((x) => (
        <li key={`x${x.date}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            Extra: {formatDate(x.date)} {x.time}
          </span>
          <Remover kind="extra" date={x.date} label={`extra kväll ${formatDate(x.date)}`} />
        </li>
      ))}
      {breaks.map((b) => (
        <li key={`b${b.from}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            Uppehåll {formatDate(b.from)} – {formatDate(b.to)}
            {b.note ? ` (${b.note})` : ""}
          </span>
          <Remover kind="break" date={b.from} label={`uppehåll från ${formatDate(b.from)}`} />
        </li>
      ))}
    </ul>
  );
}

function Remover({ kind, date, label }: { kind: string; date: string; label: string }) {
  return (
    <label className="inline-flex min-h-9 items-center gap-2 text-sm">
      <input type="checkbox" name={DATE_FIELDS.remove} value={`${kind}:${date}`} className="size-4" />
      Ta bort<span className="sr-only"> {label}</span>
    </label>
  );
}

/** 'Ändringar att spara': the collected changes, posted with the editor as hidden fields. */
export function PendingNightChangeList({
  pending,
  onChange,
}: {
  pending: PendingNightChanges;
  onChange: (update: (pending: PendingNightChanges) => PendingNightChanges) => void;
}) {
  if (pendingCountOf(pending) === 0) return null;
  return (
    <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm dark:bg-amber-950">
      <h3 className="font-medium">Ändringar att spara</h3>
      <ul className="mt-1 space-y-1" aria-label="Ändringar att spara">
        {pending.cancel.map((c, i) => (
          <PendingRow
            key={`c${c.date}`}
            text={`Inställt ${formatDate(c.date)}${c.note ? ` – ${c.note}` : ""}`}
            onRemove={() => onChange((p) => ({ ...p, cancel: p.cancel.filter((_, j) => j !== i) }))}
          >
            <input type="hidden" name={DATE_FIELDS.cancelDate} value={c.date} />
            <input type="hidden" name={DATE_FIELDS.cancelNote} value={c.note ?? ""} />
          </PendingRow>
        ))}
        {pending.extra.map((x, i) => (
          <PendingRow
            key={`x${x.date}${x.time}`}
            text={`Extra kväll ${formatDate(x.date)} ${x.time}`}
            onRemove={() => onChange((p) => ({ ...p, extra: p.extra.filter((_, j) => j !== i) }))}
          >
            <input type="hidden" name={DATE_FIELDS.extraDate} value={x.date} />
            <input type="hidden" name={DATE_FIELDS.extraTime} value={x.time} />
          </PendingRow>
        ))}
        {pending.breaks.map((b, i) => (
          <PendingRow
            key={`b${b.from}${b.to}`}
            text={`Uppehåll ${formatDate(b.from)} – ${formatDate(b.to)}${b.note ? ` (${b.note})` : ""}`}
            onRemove={() => onChange((p) => ({ ...p, breaks: p.breaks.filter((_, j) => j !== i) }))}
          >
            <input type="hidden" name={DATE_FIELDS.breakFrom} value={b.from} />
            <input type="hidden" name={DATE_FIELDS.breakTo} value={b.to} />
            <input type="hidden" name={DATE_FIELDS.breakNote} value={b.note ?? ""} />
          </PendingRow>
        ))}
      </ul>
    </div>
  );
}

function PendingRow({
  text,
  onRemove,
  children,
}: {
  text: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-2">
      <span>{text}</span>
      {children}
      <Button variant="ghost" className="min-h-9 px-2" onClick={onRemove}>
        <X aria-hidden className="size-4" />
        <span className="sr-only">Ångra {text}</span>
      </Button>
    </li>
  );
}
