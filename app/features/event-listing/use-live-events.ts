import { useCallback, useMemo, useState } from "react";

/** Events with beer counts kept in sync across every card showing the same event: the counts the buttons reported are laid over the given list, which stays the page's data (new data keeps the higher count). */
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
