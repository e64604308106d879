import { Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { shareText } from "./share-text";

type Props = {
  title: string;
  /** The quiz page's canonical address: the card a chat app shows comes from there. */
  url: string;
  score: number;
  questionCount: number;
  marks: boolean[];
};

/**
 * The share card of the end screen: the text that will be shared (quiz, score, squares, link; no answers),
 * shown as it is, then handed to the Web Share API where there is one, else copied.
 */
export function ShareResult({ title, url, score, questionCount, marks }: Props) {
  const text = shareText({ title, score, questionCount, marks, url });

  async function share() {
    if (navigator.share) {
      try {
        await navigator.share({ text });
      } catch {
        // Closing the share sheet is not an error.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Resultatet är kopierat");
    } catch {
      toast.error("Kunde inte kopiera resultatet");
    }
  }

  return (
    <section aria-labelledby="share-heading" className="mt-8">
      <h2 id="share-heading" className="font-medium">
        Dela ditt resultat
      </h2>
      <p
        data-testid="share-text"
        className="mx-auto mt-3 max-w-sm whitespace-pre-line break-words rounded-xl bg-stone-100 px-4 py-3 text-left text-sm text-stone-800 dark:bg-stone-800 dark:text-stone-100"
      >
        {text}
      </p>
      <Button variant="secondary" className="mt-3" onClick={share}>
        <Share2 className="size-4" aria-hidden /> Dela
      </Button>
    </section>
  );
}
