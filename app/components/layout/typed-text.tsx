import { useEffect, useState } from "react";

export type TypingTimings = {
  typeMs: number;
  deleteMs: number;
  pauseAfterTypingMs: number;
  pauseAfterDeletingMs: number;
};

/** The header's typing timings. */
export const HEADER_TYPING: TypingTimings = {
  typeMs: 150,
  deleteMs: 100,
  pauseAfterTypingMs: 2000,
  pauseAfterDeletingMs: 500,
};

/** The hero's typing timings (its pauses after deleting follow the header's). */
export const HERO_TYPING: TypingTimings = {
  typeMs: 120,
  deleteMs: 80,
  pauseAfterTypingMs: 1500,
  pauseAfterDeletingMs: 500,
};

/**
 * Types and deletes the words in turn. The server renders the first word whole, so the text is there
 * without JavaScript and nothing shifts; screen readers get the full list once instead of the animation.
 * With `still`, that text stands instead wherever nothing moves: without JavaScript and with reduced motion.
 */
export function TypedText({
  words,
  timings,
  className,
  still,
}: {
  words: readonly string[];
  timings: TypingTimings;
  className?: string;
  still?: string;
}) {
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(words[0]?.length ?? 0);
  const [deleting, setDeleting] = useState(false);
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    setEnabled(!window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }, []);

  useEffect(() => {
    const word = words[index];
    if (!enabled || word === undefined) return;
    let delay: number;
    let step: () => void;
    if (!deleting && length === word.length) {
      delay = timings.pauseAfterTypingMs;
      step = () => setDeleting(true);
    } else if (deleting && length === 0) {
      delay = timings.pauseAfterDeletingMs;
      step = () => {
        setDeleting(false);
        setIndex((index + 1) % words.length);
      };
    } else {
      delay = deleting ? timings.deleteMs : timings.typeMs;
      step = () => setLength(length + (deleting ? -1 : 1));
    }
    const id = window.setTimeout(step, delay);
    return () => window.clearTimeout(id);
  }, [enabled, words, index, length, deleting, timings]);

  if (still !== undefined && !enabled) return <span className={className}>{still}</span>;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  return (
    <span className={className}>
      <span className="sr-only">{words.join(", ")}</span>
      {/* The invisible longest word reserves the width so the layout never moves. */}
      <span aria-hidden className="relative inline-block whitespace-nowrap">
        <span className="invisible">{longest}</span>
        {/* The caret is the typed text's own right border: a separate caret element would move with
            every letter, and each move counts as a layout shift. */}
        <span className="absolute inset-y-0 left-0 animate-caret border-r-2 border-current pr-px">
          {words[index]?.slice(0, length)}
        </span>
      </span>
    </span>
  );
}
