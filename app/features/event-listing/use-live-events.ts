import { useCallback, useMemo, useState } from "react";

/** Reported beer counts laid over the page's list, so every card of an event agrees; the higher count wins. */
export function useLiveEvents<T extends { id: string; beerCounter: number }, L extends T[] | null>(given: L) {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(() => new Map());
  const events = useMemo(
    () =>
      (counts.size === 0
        ? given
        : given?.map((e) => {
            const count = counts.get(e.id);
            return count !== undefined && count > e.beerCounter ? { ...e, beerCounter: count } : e;
          })) as L,
    [given, counts],
  );
  const onCountChange = useCallback(
    (eventId: string, count: number) => setCounts((map) => new Map(map).set(eventId, count)),
    [],
  );
  return [events, onCountChange] as const;
}
