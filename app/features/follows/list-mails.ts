import { mailDocument } from "~/features/mail/public";
import { escapeHtml } from "~/lib/html";

/** Pure: the caller passes absolute links. Every list mail carries RFC 8058 one-click unsubscribe headers. */
export type ComposedMail = {
  subject: string;
  text: string;
  html: string;
  link: string;
  headers?: Record<string, string>;
};

export type ListLinks = { unsubscribe: string; manage: string };

/** Markup the caller has already escaped. */
type Paragraph = string | { html: string };

function layout(
  heading: string,
  paragraphs: Paragraph[],
  action: { href: string; label: string },
  footer = "",
) {
  const body = paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;line-height:1.5">${typeof p === "string" ? escapeHtml(p) : p.html}</p>`,
    )
    .join("\n    ");
  return mailDocument(
    heading,
    `${body}
    <p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="color:#b45309;font-weight:600">${escapeHtml(action.label)}</a></p>${footer}`,
  );
}

function listFooter(links: ListLinks): string {
  return `
    <p style="margin:24px 0 0;font-size:13px;color:#57534e;line-height:1.5">Vill du inte ha fler sådana mejl? <a href="${escapeHtml(links.unsubscribe)}" style="color:#57534e">Avsluta prenumerationen</a> · <a href="${escapeHtml(links.manage)}" style="color:#57534e">Mina utskick</a></p>`;
}

function listText(lines: string[], links: ListLinks): string {
  return [
    ...lines,
    "",
    "Hälsningar,",
    "Quizkväll",
    "",
    "--",
    `Avsluta prenumerationen med ett klick: ${links.unsubscribe}`,
    `Mina utskick (allt vi skickar till dig): ${links.manage}`,
  ].join("\n");
}

/** RFC 8058: a mail client may POST to the link itself. */
function unsubscribeHeaders(links: ListLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Nothing else is sent to the address for this list until its link is opened. */
export function confirmMail(what: string, confirmLink: string): ComposedMail {
  const paragraphs = [
    `Någon, förhoppningsvis du, bad om ${what} till den här adressen.`,
    "Öppna länken för att bekräfta. Länken gäller i 7 dagar. Om det inte var du kan du strunta i mejlet: utan bekräftelse skickar vi ingenting mer.",
  ];
  return {
    subject: "Bekräfta dina utskick från Quizkväll",
    text: ["Hej!", "", ...paragraphs, "", confirmLink, "", "Hälsningar,", "Quizkväll"].join("\n"),
    html: layout("Bekräfta dina utskick", paragraphs, { href: confirmLink, label: "Bekräfta" }),
    link: confirmLink,
  };
}

export type NightLine = { weekdayDate: string; time: string };

function nightText(night: NightLine): string {
  return `${night.weekdayDate} kl. ${night.time}`;
}

export type NightPlace = { location: string; streetAddress: string | null; city: string; mapUrl: string };

export function reminderMail(
  event: { title: string; url: string } & NightPlace,
  night: NightLine,
  links: ListLinks,
): ComposedMail {
  const intro = `${event.title} har quiz ikväll, ${nightText(night)}, på ${event.location}.`;
  const address = event.streetAddress ? `${event.streetAddress}, ${event.city}` : null;
  const mapLink = `<a href="${escapeHtml(event.mapUrl)}" style="color:#b45309">Visa på karta</a>`;
  return {
    subject: `Ikväll: ${event.title} kl. ${night.time}`,
    text: listText(
      [
        "Hej!",
        "",
        intro,
        ...(address ? [`Adress: ${address}`] : []),
        `Karta: ${event.mapUrl}`,
        "",
        "Lycka till!",
        "",
        event.url,
      ],
      links,
    ),
    html: layout(
      `Ikväll kl. ${night.time}: ${event.title}`,
      [intro, { html: address ? `Adress: ${escapeHtml(address)} · ${mapLink}` : mapLink }, "Lycka till!"],
      { href: event.url, label: "Se quizet" },
      listFooter(links),
    ),
    link: event.url,
    headers: unsubscribeHeaders(links),
  };
}

export type NightChange =
  | { kind: "cancelled"; night: NightLine; note: string | null }
  | { kind: "removed"; night: NightLine }
  | { kind: "added"; night: NightLine }
  | { kind: "restored"; night: NightLine };

function changeText(change: NightChange): string {
  switch (change.kind) {
    case "cancelled":
      return `Inställt: ${nightText(change.night)}${change.note ? ` (${change.note})` : ""}`;
    case "removed":
      return `Går inte längre: ${nightText(change.night)}`;
    case "added":
      return `Ny tid: ${nightText(change.night)}`;
    case "restored":
      return `Blir av igen: ${nightText(change.night)}`;
  }
}

export function alertMail(
  event: { title: string; url: string },
  changes: NightChange[],
  links: ListLinks,
): ComposedMail {
  const onlyCancelled = changes.every((c) => c.kind === "cancelled");
  const first = changes[0]!;
  const subject =
    onlyCancelled && changes.length === 1
      ? `Inställt: ${event.title} ${nightText(first.night)}`
      : `Ändrade tider: ${event.title}`;
  const lines = [`${event.title} har ändrat sina quizkvällar:`, ...changes.map(changeText)];
  return {
    subject,
    text: listText(["Hej!", "", ...lines, "", event.url], links),
    html: layout(subject, lines, { href: event.url, label: "Se quizet" }, listFooter(links)),
    link: event.url,
    headers: unsubscribeHeaders(links),
  };
}

export function quizIssueMail(
  quiz: { title: string; playUrl: string },
  links: ListLinks,
  leagues: { name: string; url: string }[] = [],
): ComposedMail {
  const lines = [`${quiz.title} är publicerat. Hur bra koll har du på veckans nyheter?`];
  const leagueText = leagues.length
    ? ["", "Dina kompisligor:", ...leagues.map((l) => `${l.name}: ${l.url}`)]
    : [];
  const leagueHtml: Paragraph[] = leagues.length
    ? [
        {
          html: `Dina kompisligor: ${leagues
            .map((l) => `<a href="${escapeHtml(l.url)}" style="color:#b45309">${escapeHtml(l.name)}</a>`)
            .join(" · ")}`,
        },
      ]
    : [];
  return {
    subject: `${quiz.title} är här`,
    text: listText(["Hej!", "", ...lines, "", `Spela: ${quiz.playUrl}`, ...leagueText], links),
    html: layout(
      quiz.title,
      [...lines, ...leagueHtml],
      { href: quiz.playUrl, label: "Spela quizet" },
      listFooter(links),
    ),
    link: quiz.playUrl,
    headers: unsubscribeHeaders(links),
  };
}
