/** The score distribution as bars 0..M, readable as a list by screen readers. */
export function ScoreChart({ buckets }: { buckets: number[] }) {
  const max = Math.max(1, ...buckets);
  return (
    <figure>
      <ol className="flex h-48 items-end gap-1 sm:gap-2" aria-label="Poängfördelning">
        {buckets.map((n, score) => (
          <li
            key={score}
            className="flex h-full flex-1 flex-col items-center justify-end gap-1"
            aria-label={`${score} rätt: ${n} spelare`}
          >
            <span aria-hidden className="text-xs tabular-nums text-stone-600 dark:text-stone-400">
              {n}
            </span>
            <span
              aria-hidden
              className="w-full rounded-t-md bg-brand-500 dark:bg-brand-400"
              style={{ height: `${(n / max) * 80}%`, minHeight: n ? 4 : 1 }}
            />
            <span aria-hidden className="text-xs font-medium tabular-nums">
              {score}
            </span>
          </li>
        ))}
      </ol>
      <figcaption className="mt-2 text-center text-xs text-stone-600 dark:text-stone-400">
        Antal rätt (första avslutade spelomgången per besökare)
      </figcaption>
    </figure>
  );
}
