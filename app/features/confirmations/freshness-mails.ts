import { mailDocument } from "~/features/mail/public";
import { escapeHtml } from "~/lib/html";
import { formatLongDate } from "~/lib/time";
import { FRESHNESS_LINK_TTL_DAYS } from "./freshness";

/** The freshness loop's mails: words and links. Pure: the caller passes the links, already absolute. */
export type FreshnessMail = { subject: string; text: string; html: string; link: string };

const FRESHNESS_SUBJECT = "Stämmer ert quiz fortfarande?";

const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(href)}" style="color:#b45309;font-weight:600">${escapeHtml(label)}</a></p>`;

/** "Stämmer ert quiz fortfarande?" to one host: three links, the first two signed and answered without sign-in. */
export function freshnessMail(input: {
  title: string;
  pageUrl: string;
  lastConfirmedAt: Date;
  links: { confirm: string; edit: string; ended: string };
}): FreshnessMail {
  const intro = `Vi vill att ${input.title} på Quizkväll stämmer. Uppgifterna bekräftades senast ${formatLongDate(input.lastConfirmedAt)}.`;
  const ask = "Stämmer de fortfarande? Ett klick räcker.";
  const validity = `Länkarna gäller i ${FRESHNESS_LINK_TTL_DAYS} dagar. "Ändra" kräver att du loggar in som quizvärd.`;
  return {
    subject: FRESHNESS_SUBJECT,
    link: input.links.confirm,
    text: [
      intro,
      ask,
      "",
      `Ja, det stämmer: ${input.links.confirm}`,
      `Ändra: ${input.links.edit}`,
      `Quizet har upphört: ${input.links.ended}`,
      "",
      validity,
      `Sidan på Quizkväll: ${input.pageUrl}`,
      "",
      "Hälsningar,",
      "Quizkväll",
    ].join("\n"),
    html: mailDocument(
      FRESHNESS_SUBJECT,
      [
        paragraph(intro),
        paragraph(ask),
        button(input.links.confirm, "Ja, det stämmer"),
        button(input.links.edit, "Ändra"),
        button(input.links.ended, "Quizet har upphört"),
        `<p style="margin:24px 0 0;font-size:13px;color:#57534e;line-height:1.5">${escapeHtml(validity)} <a href="${escapeHtml(input.pageUrl)}" style="color:#57534e">Sidan på Quizkväll</a></p>`,
      ].join("\n    "),
    ),
  };
}

/** A visitor's "Det blev inget", to each host of the event: once per night. */
export function notHeldMail(input: { title: string; nightLabel: string; pageUrl: string; editUrl: string }) {
  const subject = `Blev det inget quiz ${input.nightLabel}?`;
  const lines = [
    `En besökare på Quizkväll säger att ${input.title} inte blev av ${input.nightLabel}.`,
    "Om kvällen var inställd: lägg in det, så ser besökarna det nästa gång. Om quizet blev av kan du strunta i mejlet.",
  ];
  return {
    subject,
    link: input.editUrl,
    text: [
      ...lines,
      "",
      `Ändra: ${input.editUrl}`,
      `Sidan på Quizkväll: ${input.pageUrl}`,
      "",
      "Hälsningar,",
      "Quizkväll",
    ].join("\n"),
    html: mailDocument(
      subject,
      [
        ...lines.map(paragraph),
        button(input.editUrl, "Ändra"),
        button(input.pageUrl, "Sidan på Quizkväll"),
      ].join("\n    "),
    ),
  } satisfies FreshnessMail;
}
