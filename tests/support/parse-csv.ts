/**
 * Reads a CSV file the way a spreadsheet does (RFC 4180 quoting, the given separator), for round-trip
 * tests. Checks the byte-order mark and CRLF line ends on the way.
 */
export function parseCsv(text: string, separator = ";"): string[][] {
  if (!text.startsWith("\uFEFF")) throw new Error("no UTF-8 byte-order mark");
  if (/[^\r]\n/.test(text)) throw new Error("a line ends without CR");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}
