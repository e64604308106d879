import { Accessibility, CalendarCheck, Gauge, Languages, Ticket, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import type { EventView } from "~/features/events/public";
import { BOOKING_LABELS, DIFFICULTY_LABELS, entryFeeLabel, LANGUAGE_PHRASES } from "~/features/events/public";

/** The event page's facts list: one term and its value each (event-detail-parts.tsx). */
export function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
        <span aria-hidden className="text-brand-700 dark:text-brand-300">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 pl-6 font-medium">{children}</dd>
    </div>
  );
}

export const linkClass =
  "rounded-sm underline decoration-stone-400 underline-offset-2 hover:decoration-current";

/** The facts a visitor decides by, each only when known. */
export function EventFacts({ facts }: { facts: EventView["facts"] }) {
  const fee = entryFeeLabel(facts.entryFee);
  return (
    <>
      {fee !== null && (
        <Fact icon={<Ticket className="size-4" />} label="Inträde">
          {facts.entryFee === 0 ? fee : `${facts.entryFee} kr per person`}
        </Fact>
      )}
      {facts.booking && (
        <Fact icon={<CalendarCheck className="size-4" />} label="Bokning">
          {BOOKING_LABELS[facts.booking]}
          {facts.bookingUrl && (
            <span className="block font-normal">
              <a href={facts.bookingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Boka här<span className="sr-only"> (öppnas i ny flik)</span>
              </a>
            </span>
          )}
        </Fact>
      )}
      {facts.prize && (
        <Fact icon={<Trophy className="size-4" />} label="Vinst">
          {facts.prize}
        </Fact>
      )}
      {facts.difficulty && (
        <Fact icon={<Gauge className="size-4" />} label="Svårighet">
          {DIFFICULTY_LABELS[facts.difficulty]}
        </Fact>
      )}
      {facts.language && (
        <Fact icon={<Languages className="size-4" />} label="Språk">
          {LANGUAGE_PHRASES[facts.language]}
        </Fact>
      )}
      {facts.wheelchairAccessible !== null && (
        <Fact icon={<Accessibility className="size-4" />} label="Rullstolsanpassat">
          {facts.wheelchairAccessible ? "Ja" : "Nej"}
        </Fact>
      )}
    </>
  );
}
