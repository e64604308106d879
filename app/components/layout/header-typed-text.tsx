import { HEADER_TYPING, TypedText } from "./typed-text";

/** The header's cities, typed in turn on home. */
export function HeaderTypedText({ words, className }: { words: readonly string[]; className: string }) {
  return <TypedText words={words} timings={HEADER_TYPING} className={className} />;
}
