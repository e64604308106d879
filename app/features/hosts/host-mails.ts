import { mailDocument } from "~/features/mail/public";
import { escapeHtml } from "~/lib/html";

type MailContent = { subject: string; text: string; html: string; link?: string };

const button = (link: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#b45309;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(label)}</a></p>
    <p style="margin:0;font-size:13px;color:#57534e;word-break:break-all">${escapeHtml(link)}</p>`;

export function hostSignInMail(link: string, hostAreaUrl: string): MailContent {
  const subject = "Logga in som quizvärd på Quizkväll";
  const text = [
    "Hej!",
    "",
    "Öppna länken nedan för att logga in som quizvärd. Länken gäller i en timme och kan bara användas en gång.",
    "",
    link,
    "",
    `Har länken gått ut kan du be om en ny på ${hostAreaUrl}.`,
    "",
    "Om du inte bad om detta kan du bortse från mejlet.",
  ].join("\n");
  const html = mailDocument(
    "Logga in som quizvärd",
    `<p style="margin:0 0 16px;line-height:1.5">Länken gäller i en timme och kan bara användas en gång.</p>
    ${button(link, "Logga in")}
    <p style="margin:24px 0 0;font-size:13px;color:#57534e">Om du inte bad om detta kan du bortse från mejlet.</p>`,
  );
  return { subject, text, html, link };
}

export function hostApprovedMail(link: string, eventTitle: string, hostAreaUrl: string): MailContent {
  const subject = `Du är quizvärd för ${eventTitle}`;
  const text = [
    "Hej!",
    "",
    `Du är nu quizvärd för ${eventTitle} på Quizkväll. Som quizvärd kan du ändra tider, beskrivning, bild och kontaktuppgifter, ställa in kvällar och bekräfta att uppgifterna stämmer.`,
    "",
    "Logga in med länken nedan. Den gäller i en timme och kan bara användas en gång:",
    "",
    link,
    "",
    `Senare loggar du in på ${hostAreaUrl}, där du får en ny länk mejlad till dig.`,
  ].join("\n");
  const html = mailDocument(
    `Du är quizvärd för ${eventTitle}`,
    `<p style="margin:0 0 16px;line-height:1.5">Som quizvärd kan du ändra tider, beskrivning, bild och kontaktuppgifter, ställa in kvällar och bekräfta att uppgifterna stämmer. Länken gäller i en timme och kan bara användas en gång.</p>
    ${button(link, "Logga in")}
    <p style="margin:24px 0 0;font-size:13px;color:#57534e">Senare loggar du in på ${escapeHtml(hostAreaUrl)}.</p>`,
  );
  return { subject, text, html, link };
}

/** Such accounts never sign in by link. `eventTitle` is null when the person asked for a sign-in link. */
export function hostPasswordSignInMail(
  eventTitle: string | null,
  adminUrl: string,
  hostAreaUrl: string,
): MailContent {
  const subject = eventTitle ? `Du är quizvärd för ${eventTitle}` : "Logga in som quizvärd på Quizkväll";
  const lead = eventTitle
    ? `Du är nu quizvärd för ${eventTitle} på Quizkväll.`
    : "Vi har fått en begäran om en inloggningslänk för quizvärdar till den här adressen.";
  const howTo =
    "Ditt konto har ett lösenord, så vi skickar ingen inloggningslänk. Logga in som vanligt med ditt lösenord, så når du dina quiz som quizvärd.";
  const text = [
    "Hej!",
    "",
    lead,
    howTo,
    "",
    `Logga in: ${adminUrl}`,
    `Dina quiz: ${hostAreaUrl}`,
    "",
    "Om du inte bad om detta kan du bortse från mejlet.",
  ].join("\n");
  const html = mailDocument(
    eventTitle ? `Du är quizvärd för ${eventTitle}` : "Logga in som quizvärd",
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(lead)} ${escapeHtml(howTo)}</p>
    ${button(adminUrl, "Logga in")}
    <p style="margin:24px 0 0;font-size:13px;color:#57534e">Dina quiz: ${escapeHtml(hostAreaUrl)}. Om du inte bad om detta kan du bortse från mejlet.</p>`,
  );
  return { subject, text, html };
}

export function hostDeclinedMail(eventTitle: string, eventUrl: string): MailContent {
  const subject = `Din ansökan om att bli quizvärd för ${eventTitle}`;
  const lead = `Tack för att du vill hålla ${eventTitle} aktuellt på Quizkväll. Vi kunde inte bekräfta att du står bakom quizet, så ansökan är avslagen.`;
  const more =
    "Är det ditt quiz? Ansök gärna igen från quizets sida och berätta i meddelandet hur vi kan nå stället, så tittar vi på det igen.";
  const text = ["Hej!", "", lead, "", more, "", eventUrl].join("\n");
  const html = mailDocument(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(lead)}</p>
    <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(more)}</p>
    ${button(eventUrl, "Till quizets sida")}`,
  );
  return { subject, text, html };
}

export function hostRemovedMail(eventTitle: string, eventUrl: string): MailContent {
  const subject = `Du är inte längre quizvärd för ${eventTitle}`;
  const lead = `En administratör på Quizkväll har tagit bort dig som quizvärd för ${eventTitle}. Du kan inte längre ändra quizet från värdsidan.`;
  const more =
    "Tror du att det är fel? Ansök igen från quizets sida och berätta i meddelandet hur vi kan nå stället.";
  const text = ["Hej!", "", lead, "", more, "", eventUrl].join("\n");
  const html = mailDocument(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(lead)}</p>
    <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(more)}</p>
    ${button(eventUrl, "Till quizets sida")}`,
  );
  return { subject, text, html };
}
