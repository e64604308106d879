import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import sharp from "sharp";
import { escapeHtml } from "~/lib/html";
import { formatIsoWeekRange, type IsoWeek } from "~/lib/time";
import { questionCountLabel } from "./quiz-format";

const OG_IMAGE_WIDTH = 1200;
const OG_IMAGE_HEIGHT = 630;

export type OgQuiz = {
  id: string;
  title: string;
  category: string;
  week: IsoWeek | null;
  questionCount: number;
};

function ogLines(quiz: OgQuiz) {
  return {
    kicker: quiz.week ? `${quiz.category} · ${formatIsoWeekRange(quiz.week)}` : quiz.category,
    title: quiz.title,
    footer: `${questionCountLabel(quiz.questionCount)} · Spela och jämför dig med snittet`,
  };
}

/** Bumped when the drawing changes, so every quiz's image gets a new URL. */
const DRAWING_REVISION = 1;

/** Twelve hex digits of a hash of what the image shows (and of the drawing's own revision). */
function ogImageVersion(quiz: OgQuiz): string {
  const lines = ogLines(quiz);
  return createHash("sha256")
    .update(JSON.stringify([DRAWING_REVISION, lines.kicker, lines.title, lines.footer]))
    .digest("hex")
    .slice(0, 12);
}

export function ogImagePath(quiz: OgQuiz): string {
  return `/og/quiz/${quiz.id}/${ogImageVersion(quiz)}.png`;
}

const require = createRequire(import.meta.url);
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
const FONT_REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");

const MARGIN = 80;
const TEXT_WIDTH = OG_IMAGE_WIDTH - 2 * MARGIN;
const TITLE_TOP = 230;
const TITLE_MAX_HEIGHT = 270;

function textLayer(
  text: string,
  options: { bold?: boolean; size: number; color: string; width: number; height?: number },
) {
  const family = options.bold ? "DejaVu Sans Bold" : "DejaVu Sans";
  return sharp({
    text: {
      text: `<span foreground="${options.color}">${escapeHtml(text)}</span>`,
      font: `${family} ${options.size}`,
      fontfile: options.bold ? FONT_BOLD : FONT_REGULAR,
      width: options.width,
      ...(options.height ? { height: options.height } : {}),
      wrap: "word",
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** The title as large as its length allows, shrunk further if it would still not fit its box. */
async function titleLayer(title: string) {
  const size = title.length <= 30 ? 72 : title.length <= 60 ? 60 : 46;
  const layer = await textLayer(title, { bold: true, size, color: "#1c1917", width: TEXT_WIDTH });
  if (layer.info.height <= TITLE_MAX_HEIGHT) return layer.data;
  const fitted = await textLayer(title, {
    bold: true,
    size,
    color: "#1c1917",
    width: TEXT_WIDTH,
    height: TITLE_MAX_HEIGHT,
  });
  return fitted.data;
}

const BACKGROUND = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#fffbeb"/>
        <stop offset="1" stop-color="#fde68a"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <rect x="0" y="0" width="24" height="100%" fill="#b45309"/>
    <circle cx="1090" cy="110" r="54" fill="#b45309"/>
  </svg>`,
);

async function drawOgImage(quiz: OgQuiz): Promise<Buffer> {
  const lines = ogLines(quiz);
  const [mark, brand, kicker, title, footer] = await Promise.all([
    textLayer("?", { bold: true, size: 64, color: "#fffbeb", width: 108 }),
    textLayer("Quizkväll", { bold: true, size: 40, color: "#b45309", width: 600 }),
    textLayer(lines.kicker, { size: 30, color: "#44403c", width: TEXT_WIDTH - 120 }),
    titleLayer(lines.title),
    textLayer(lines.footer, { size: 28, color: "#57534e", width: TEXT_WIDTH }),
  ]);
  return sharp(BACKGROUND)
    .composite([
      {
        input: mark.data,
        left: 1090 - Math.round(mark.info.width / 2),
        top: 110 - Math.round(mark.info.height / 2),
      },
      { input: brand.data, left: MARGIN, top: 70 },
      { input: kicker.data, left: MARGIN, top: 150 },
      { input: title, left: MARGIN, top: TITLE_TOP },
      { input: footer.data, left: MARGIN, top: OG_IMAGE_HEIGHT - 70 - footer.info.height },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Recently drawn images by path: a shared link is fetched by many chat apps at once. Bounded, per process. */
const drawn = new Map<string, Promise<Buffer>>();
const DRAWN_LIMIT = 32;

export function renderQuizOgImage(quiz: OgQuiz): Promise<Buffer> {
  const key = ogImagePath(quiz);
  const cached = drawn.get(key);
  if (cached) return cached;
  const image = drawOgImage(quiz);
  if (drawn.size >= DRAWN_LIMIT) drawn.delete(drawn.keys().next().value as string);
  drawn.set(key, image);
  // A failed drawing is not kept: the next request tries again.
  image.catch(() => drawn.delete(key));
  return image;
}
