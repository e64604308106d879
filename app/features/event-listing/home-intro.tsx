export function HomeIntro({ total }: { total: number }) {
  return (
    <p className="mt-3 max-w-2xl pb-6 text-base text-stone-700 sm:pb-8 sm:text-lg dark:text-stone-300">
      {total} {total === 1 ? "quizkväll" : "quizkvällar"} på pubar och restauranger. Välj stad, typ av quiz
      och dag – och hitta kvällens quiz på några sekunder.
    </p>
  );
}
