import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { NewsRound } from "./news-round";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BODY_SIZE = 11;
const LINE_GAP = 4;

type Fonts = { regular: PDFFont; bold: PDFFont };

/** The standard PDF fonts encode Windows-1252 only (Swedish included); anything else prints as "?". */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, " ")].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of printable(font, text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes paragraphs top-down on A4 pages, starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y = A4[1] - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(text: string, { size = BODY_SIZE, bold = false, indent = 0, grey = false, after = 0 } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lines = wrap(font, size, text, A4[0] - 2 * MARGIN - indent);
    for (const line of lines) {
      if (this.y - size < MARGIN) this.newPage();
      this.y -= size;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: grey ? rgb(0.35, 0.33, 0.3) : rgb(0.1, 0.1, 0.1),
      });
      this.y -= LINE_GAP;
    }
    this.y -= after;
  }
}

/** The round as an A4 PDF: the questions with their options and sources, the answers on a page of their own. */
export async function newsRoundPdf(round: NewsRound): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Veckans nyhetsrunda – ${round.title}`);
  doc.setLanguage("sv-SE");
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const out = new Writer(doc, fonts);
  out.text("Veckans nyhetsrunda", { size: 20, bold: true, after: 4 });
  out.text(`${round.title} · ${round.dates}`, { grey: true, after: 14 });
  for (const q of round.questions) {
    out.text(`${q.number}. ${q.text}`, { bold: true, after: 2 });
    for (const option of q.options) out.text(`${option.letter}  ${option.text}`, { indent: 16 });
    if (q.source) out.text(`Källa: ${q.source.label}`, { size: 9, grey: true, indent: 16 });
    out.text("", { after: 8 });
  }
  out.newPage();
  out.text("Svar", { size: 20, bold: true, after: 10 });
  for (const q of round.questions) out.text(`${q.number}. ${q.answer}`, { after: 2 });
  return doc.save();
}
