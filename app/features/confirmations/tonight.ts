import { addDays } from "~/features/events/public";
import { mailDocument } from "~/features/mail/public";
import { escapeHtml } from "~/lib/html";
import { fromStockholm } from "~/lib/time";

/** The morning mail's two answers: "Ja, det blir quiz" and "Nej, inställt". */
export type TonightAnswer = "yes" | "no";

export const TONIGHT_SUBJECT = "Blir det quiz ikväll?";
export const TONIGHT_TEXTS = {
  yes: "Ja, det blir quiz",
  no: "Nej, inställt",
  confirmed: "Tack! Kvällen är bekräftad.",
  cancelled: "Kvällen är inställd. Vi har meddelat dem som följer quizet.",
  alreadyConfirmed: "Kvällen är redan bekräftad. Tack!",
  alreadyCancelled: "Kvällen är redan inställd.",
  expired: "Länken har gått ut.",
  invalid: "Länken fungerar inte.",
  notHost: "Du är inte längre quizvärd för det här quizet.",
  gone: "Quizet finns inte längre.",
  noNight: "Quizet har ingen kväll i dag.",
} as const;

/** A link works until the end of its night's Stockholm date: after that there is no tonight to answer about. */
export function tonightLinkExpiry(date: string): Date {
  const [year, month, day] = addDays(date, 1).split("-").map(Number) as [number, number, number];
  return fromStockholm(year, month, day, 0, 0);
}

const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(href)}" style="color:#b45309;font-weight:600">${escapeHtml(label)}</a></p>`;

/** "Blir det quiz ikväll?" to one host: two signed links, answered without sign-in. Pure: links are absolute. */
export function tonightMail(input: {
  title: string;
  time: string;
  pageUrl: string;
  links: { yes: string; no: string; settings: string };
}) {
  const intro = `Blir det quiz på ${input.title} ikväll ${input.time}? Ett klick räcker: besökarna ser att kvällen är bekräftad, eller att den är inställd.`;
  const validity = "Länkarna gäller till midnatt.";
  const why = "Du får mejlet för att du har valt morgonmejl på quizdagar. Stäng av det bland dina quiz:";
  return {
    subject: TONIGHT_SUBJECT,
    link: input.links.yes,
    text: [
      intro,
      "",
      `${TONIGHT_TEXTS.yes}: ${input.links.yes}`,
      `${TONIGHT_TEXTS.no}: ${input.links.no}`,
      "",
      validity,
      `Sidan på Quizkväll: ${input.pageUrl}`,
      `${why} ${input.links.settings}`,
      "",
      "Hälsningar,",
      "Quizkväll",
    ].join("\n"),
    html: mailDocument(
      TONIGHT_SUBJECT,
      [
        paragraph(intro),
        button(input.links.yes, TONIGHT_TEXTS.yes),
        button(input.links.no, TONIGHT_TEXTS.no),
        `<p style="margin:24px 0 0;font-size:13px;color:#57534e;line-height:1.5">${escapeHtml(validity)} <a href="${escapeHtml(input.pageUrl)}" style="color:#57534e">Sidan på Quizkväll</a>. ${escapeHtml(why)} <a href="${escapeHtml(input.links.settings)}" style="color:#57534e">Mina quiz som värd</a></p>`,
      ].join("\n    "),
    ),
  };
}
