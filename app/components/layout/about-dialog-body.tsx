import { Link } from "react-router";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";

/** The 'Om' dialog, loaded when the footer brand (about-dialog.tsx) is first used. */
export default function AboutDialogBody({
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent id={contentId} onCloseAutoFocus={onCloseAutoFocus} title="Om">
        <div className="space-y-3 text-sm leading-relaxed text-stone-700 dark:text-stone-300">
          <p>
            Quizkväll samlar återkommande pubquiz och musikquiz i Göteborg, Stockholm och Malmö, så att du
            hittar kvällens quiz på några sekunder.
          </p>
          <p>
            Varje söndag kommer en ny NutidsQuiz om veckans händelser. Saknas ditt favoritquiz, eller stämmer
            något inte? Tipsa oss direkt på sidan.
          </p>
          <p>
            Vad vi sparar och hur du tar bort det står under{" "}
            <Link to="/integritet" className="font-medium underline" onClick={() => onOpenChange(false)}>
              Integritet
            </Link>
            .
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
