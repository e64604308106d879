import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";

/** The footer brand opens 'Om'. */
export function AboutDialog() {
  return (
    <Dialog>
      <DialogTrigger className="rounded-md text-base font-bold text-brand-700 hover:underline dark:text-brand-300">
        Quizkväll
      </DialogTrigger>
      <DialogContent title="Om">
        <div className="space-y-3 text-sm leading-relaxed text-stone-700 dark:text-stone-300">
          <p>
            Quizkväll samlar återkommande pubquiz och musikquiz i Göteborg, Stockholm och Malmö, så att du
            hittar kvällens quiz på några sekunder.
          </p>
          <p>
            Varje söndag kommer en ny NutidsQuiz om veckans händelser. Saknas ditt favoritquiz, eller stämmer
            något inte? Tipsa oss direkt på sidan.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
