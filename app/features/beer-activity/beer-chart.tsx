import type { bucketClicks } from "./beer-activity";

const hourMinute = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  hour: "2-digit",
  minute: "2-digit",
});
const dayHour = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  weekday: "short",
  hour: "2-digit",
});

/** Clicks over the period as columns; the numbers are also given as text for screen readers. */
export function BeerChart({ buckets, hours }: { buckets: ReturnType<typeof bucketClicks>; hours: number }) {
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const label = (iso: string) => (hours > 24 ? dayHour : hourMinute).format(new Date(iso));
  const total = buckets.reduce((s, b) => s + b.count, 0);
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <figcaption className="text-sm font-medium">Skålningar över perioden</figcaption>
      <div
        role="img"
        aria-label={`Stapeldiagram: ${total} skålningar, ${
          buckets
            .filter((b) => b.count > 0)
            .map((b) => `${b.count} från ${label(b.start)}`)
            .join(", ") || "inga"
        }`}
        className="mt-4 flex h-40 items-end gap-1"
      >
        {buckets.map((b) => (
          <div
            key={b.start}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${label(b.start)}: ${b.count}`}
          >
            <div
              className="rounded-t bg-brand-500 dark:bg-brand-400"
              style={{ height: `${(b.count / max) * 100}%`, minHeight: b.count ? 4 : 0 }}
            />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-stone-600 dark:text-stone-400" aria-hidden>
        <span>{label(buckets[0]?.start ?? new Date().toISOString())}</span>
        <span>nu</span>
      </div>
    </figure>
  );
}
