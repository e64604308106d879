import { stockholmParts } from "./time";

/** For Swedish Excel on double-click: ';' separators, a UTF-8 BOM, CRLF, Stockholm times. */
const CSV_SEPARATOR = ";";
const CSV_BOM = "\uFEFF";

export type CsvCell = string | number | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // Defuses text a spreadsheet would run as a formula.
  const safe = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

export function csvTime(date: Date | string): string {
  const p = stockholmParts(typeof date === "string" ? new Date(date) : date);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
