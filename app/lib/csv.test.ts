import { describe, expect, it } from "vitest";
import { parseCsv } from "../../tests/support/parse-csv";
import { csvTime, writeCsv } from "./csv";

describe("writeCsv", () => {
  it("writes ';'-separated CRLF lines after a BOM, and reads back cell for cell", () => {
    const rows = [
      ["Quiz på Pelikan", "Stockholm", 'Säg "hej"; sen gå', 3, null],
      ["=SUMMA(A1)", "-5", "rad ett\r\nrad två", -5, "åäö"],
    ];
    const csv = writeCsv(["Namn", "Stad", "Text", "Tal", "Tomt"], rows);
    expect(csv.startsWith("\uFEFFNamn;Stad;Text;Tal;Tomt\r\n")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ["Namn", "Stad", "Text", "Tal", "Tomt"],
      ["Quiz på Pelikan", "Stockholm", 'Säg "hej"; sen gå', "3", ""],
      // Formula-like text is defused; numbers stay numbers.
      ["'=SUMMA(A1)", "'-5", "rad ett\r\nrad två", "-5", "åäö"],
    ]);
  });
});

describe("csvTime", () => {
  it("shows Stockholm's wall clock as YYYY-MM-DD HH:MM:SS, summer and winter", () => {
    expect(csvTime(new Date("2026-11-22T17:05:09Z"))).toBe("2026-11-22 18:05:09");
    expect(csvTime("2026-07-01T22:30:00.000Z")).toBe("2026-07-02 00:30:00");
  });
});
