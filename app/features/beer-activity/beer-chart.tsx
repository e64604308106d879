import type { ChartBucket } from "./beer-activity";
import { bucketLabel, labelledBuckets, yTicks } from "./beer-chart-axes";

export function BeerChart({ buckets, hours }: { buckets: ChartBucket[]; hours: number }) {
  const ticks = yTicks(Math.max(0, ...buckets.map((b) => b.count)));
  // yTicks always ends at a step of at least 1.
  const top = ticks.at(-1) ?? 1;
  const label = (iso: string) => bucketLabel(iso, hours);
  const total = buckets.reduce((s, b) => s + b.count, 0);
  const xLabels = labelledBuckets(buckets.length);
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <figcaption className="text-sm font-medium">Skålningar över perioden</figcaption>
      <div className="mt-4 flex gap-2">
        <div
          className="relative h-40 w-8 shrink-0 text-right text-xs text-stone-600 dark:text-stone-400"
          aria-hidden
        >
          {ticks.map((t) => (
            <span
              key={t}
              className="absolute right-0 translate-y-1/2 tabular-nums"
              style={{ bottom: `${(t / top) * 100}%` }}
            >
              {t}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-40 border-b border-l border-stone-400 dark:border-stone-600">
            {ticks.slice(1).map((t) => (
              <div
                key={t}
                aria-hidden
                className="absolute inset-x-0 border-t border-dashed border-stone-200 dark:border-stone-700"
                style={{ bottom: `${(t / top) * 100}%` }}
              />
            ))}
            <div
              role="img"
              aria-label={`Stapeldiagram: ${total} skålningar, ${
                buckets
                  .filter((b) => b.count > 0)
                  .map((b) => `${b.count} från ${label(b.start)}`)
                  .join(", ") || "inga"
              }`}
              className="relative flex h-full items-end gap-1 px-0.5"
            >
              {buckets.map((b) => (
                <div
                  key={b.start}
                  className="flex h-full flex-1 flex-col justify-end"
                  title={`${label(b.start)}: ${b.count}`}
                >
                  <div
                    className="rounded-t bg-brand-500 dark:bg-brand-400"
                    style={{ height: `${(b.count / top) * 100}%`, minHeight: b.count ? 4 : 0 }}
                  />
                </div>
              ))}
            </div>
          </div>
          <div className="relative mt-1 h-8 text-xs text-stone-600 dark:text-stone-400" aria-hidden>
            {xLabels.map((i) => (
              <span
                key={buckets[i]!.start}
                className="absolute top-0 max-w-20 leading-tight"
                style={{ left: `${(i / buckets.length) * 100}%` }}
              >
                {label(buckets[i]!.start)}
              </span>
            ))}
            <span className="absolute top-0 right-0">nu</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
