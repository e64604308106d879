/**
 * CONTRACT (issue 4 implements the behaviour): the skåla button with its counter, used on cards, list rows
 * and the event page. It reports the new count upward through onCountChange so every place showing the
 * event updates.
 */
export type BeerButtonProps = {
  eventId: string;
  eventTitle: string;
  count: number;
  onCountChange?: (eventId: string, count: number) => void;
  size?: "sm" | "md";
};

export function BeerButton({ count }: BeerButtonProps) {
  return (
    <span className="inline-flex items-center gap-1 text-sm tabular-nums">
      <span aria-hidden>🍻</span> {count}
      <span className="sr-only">skålar</span>
    </span>
  );
}
