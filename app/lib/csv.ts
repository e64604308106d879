import { stockholmParts } from "./time";

/**
 * The one CSV writer of the product, for files a double-click opens right in Swedish Excel: ';' between
 * cells, a UTF-8 byte-order mark, CRLF line ends, and times in Europe/Stockholm as YYYY-MM-DD HH:MM:SS.
 * Runs in the browser and on the server.
 */
const CSV_SEPARATOR = ";";
const CSV_BOM = "\uFEFF";

export type CsvCell = string | number | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // Text a spreadsheet would run as a formula is defused with a leading apostrophe (numbers are left alone).
  const safe = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file: BOM, the header row, then the rows, each line ended by CRLF. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** "2026-11-22 18:05:09": an instant as Stockholm's clocks show it. */
export function csvTime(date: Date | string): string {
  const p = stockholmParts(typeof date === "string" ? new Date(date) : date);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
