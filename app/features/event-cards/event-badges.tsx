import { Medal } from "lucide-react";
import type { EventView } from "~/features/events/public";
import { CITY_BADGE_CLASSES } from "~/features/events/public";
import { cn } from "~/lib/cn";

const badge = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold";

export function CityBadge({ city, className }: { city: EventView["city"]; className?: string }) {
  return <span className={cn(badge, CITY_BADGE_CLASSES[city], className)}>{city}</span>;
}

export function TypeBadges({ types }: { types: EventView["quizType"] }) {
  return (
    <>
      {types.map((t) => (
        <span
          key={t}
          className={cn(
            badge,
            t === "MusikQuiz"
              ? "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200"
              : "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200",
          )}
        >
          {t}
        </span>
      ))}
    </>
  );
}

export function NewBadge() {
  return (
    <span className={cn(badge, "bg-brand-800 text-white dark:bg-brand-300 dark:text-stone-950")}>Nytt</span>
  );
}

export function TopRankBadge({ rank }: { rank: 1 | 2 | 3 }) {
  return (
    <span
      className={cn(badge, "bg-amber-100 text-amber-900 shadow-sm dark:bg-amber-950 dark:text-amber-100")}
      title={`Topp ${rank} i antal skålar`}
    >
      <Medal aria-hidden className="size-3.5" />
      <span>#{rank}</span>
      <span className="sr-only"> i antal skålar</span>
    </span>
  );
}
