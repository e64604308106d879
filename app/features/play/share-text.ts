/** Lengths in UTF-16 units, so each square counts twice as the strictest chat apps count an emoji: what fits here fits there. */

const SHARE_TEXT_MAX = 280;
const RIGHT_SQUARE = "🟩";
const WRONG_SQUARE = "🟥";

/** Never splits a character in two. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out.trimEnd()}…`;
}

export function shareText(input: {
  title: string;
  score: number;
  questionCount: number;
  marks: boolean[];
  url: string;
}): string {
  const scoreText = ` – ${input.score} av ${input.questionCount} rätt`;
  const squares = input.marks.map((right) => (right ? RIGHT_SQUARE : WRONG_SQUARE)).join("");
  // The link is never cut: a cut link leads nowhere.
  const room = SHARE_TEXT_MAX - input.url.length - 2;
  const squaresRoom = Math.min(squares.length, Math.floor(room / 2 / 2) * 2);
  const row = squares.length <= squaresRoom ? squares : cut(squares, squaresRoom);
  const titleRoom = room - row.length - scoreText.length;
  const text = `${cut(input.title.trim(), Math.max(titleRoom, 1))}${scoreText}\n${row}\n${input.url}`;
  return text.length <= SHARE_TEXT_MAX ? text : `${input.score} av ${input.questionCount} rätt\n${input.url}`;
}
