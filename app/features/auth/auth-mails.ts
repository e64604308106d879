import { mailDocument } from "~/features/mail/public";
import { escapeHtml } from "~/lib/html";

export type MailContent = { subject: string; text: string; html: string; link?: string };

/** How long a reset link and an e-mailed code are valid, in seconds ("en timme" in the mails). */
export const RESET_TTL_SECONDS = 60 * 60;

/** The reset link points at /admin, which verifies the token and opens new-password mode. */
export function resetLinkUrl(publicUrl: string, token: string): string {
  const url = new URL("/admin", publicUrl);
  url.searchParams.set("token_hash", token);
  url.searchParams.set("type", "recovery");
  return url.toString();
}

function layout(heading: string, body: string): string {
  return mailDocument(
    heading,
    `${body}
    <p style="margin:24px 0 0;font-size:13px;color:#57534e">Om du inte bad om detta kan du bortse från mejlet.</p>`,
  );
}

/** The recovery mail carries both ways back in: a link, and a code for when the link cannot be opened. */
export function resetMail(link: string, code: string): MailContent {
  const subject = "Återställ ditt lösenord på Quizkväll";
  const text = [
    "Hej!",
    "",
    "Vi har fått en begäran om att återställa lösenordet för ditt konto på Quizkväll.",
    "Öppna länken nedan för att välja ett nytt lösenord. Länken gäller i en timme och kan bara användas en gång.",
    "",
    link,
    "",
    `Du kan också ange engångskoden ${code} på adminsidan under "Har du en kod?".`,
    "",
    "Om du inte bad om detta kan du bortse från mejlet.",
  ].join("\n");
  const html = layout(
    "Återställ ditt lösenord",
    `<p style="margin:0 0 16px;line-height:1.5">Vi har fått en begäran om att återställa lösenordet för ditt konto. Länken gäller i en timme och kan bara användas en gång.</p>
    <p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#b45309;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">Välj nytt lösenord</a></p>
    <p style="margin:0 0 8px;line-height:1.5">Eller ange engångskoden på adminsidan under "Har du en kod?":</p>
    <p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>
    <p style="margin:0;font-size:13px;color:#57534e;word-break:break-all">${escapeHtml(link)}</p>`,
  );
  return { subject, text, html, link };
}

export function resetCodeMail(code: string): MailContent {
  const subject = "Din kod för att återställa lösenordet";
  const text = [
    "Hej!",
    "",
    `Din engångskod är: ${code}`,
    "",
    "Ange koden på Quizkvälls adminsida tillsammans med din e-postadress. Koden gäller i en timme.",
    "",
    "Om du inte bad om detta kan du bortse från mejlet.",
  ].join("\n");
  const html = layout(
    "Din engångskod",
    `<p style="margin:0 0 16px;line-height:1.5">Ange koden på adminsidan tillsammans med din e-postadress. Koden gäller i en timme.</p>
    <p style="margin:0;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>`,
  );
  return { subject, text, html };
}

export function welcomeMail(siteUrl: string, options: { admin?: boolean } = {}): MailContent {
  const subject = "Välkommen till Quizkväll";
  const rights = options.admin
    ? "Kontot är administratör: du kan hantera evenemang, quiz och rapporter direkt."
    : "Behöver du adminrättigheter? Kontakta administratören.";
  const text = [
    "Hej!",
    "",
    "Ditt konto på Quizkväll är skapat. Du kan logga in på adminsidan:",
    "",
    `${siteUrl}/admin`,
    "",
    rights,
  ].join("\n");
  const html = layout(
    "Välkommen till Quizkväll",
    `<p style="margin:0 0 16px;line-height:1.5">Ditt konto är skapat. ${escapeHtml(rights)}</p>
    <p style="margin:0"><a href="${escapeHtml(`${siteUrl}/admin`)}" style="color:#b45309;font-weight:600">Logga in</a></p>`,
  );
  return { subject, text, html, link: `${siteUrl}/admin` };
}

/** The forgot-password mode of the admin page, linked from the mail about a repeated sign-up. */
export function forgotPasswordUrl(publicUrl: string): string {
  const url = new URL("/admin", publicUrl);
  url.searchParams.set("mode", "forgot");
  return url.toString();
}

/** Sent instead of a welcome when someone signs up with an address that already has an account: the sign-up form answers the same either way, so only the owner of the address learns of the attempt. */
export function existingAccountMail(link: string): MailContent {
  const subject = "Någon försökte skapa ett konto med din adress";
  const text = [
    "Hej!",
    "",
    "Någon försökte skapa ett konto på Quizkväll med din e-postadress, men adressen har redan ett konto.",
    "Inget nytt konto skapades och ditt lösenord är oförändrat.",
    "",
    "Har du glömt ditt lösenord kan du välja ett nytt här:",
    "",
    link,
    "",
    "Om det inte var du kan du bortse från mejlet.",
  ].join("\n");
  const html = layout(
    "Någon försökte skapa ett konto med din adress",
    `<p style="margin:0 0 16px;line-height:1.5">Någon försökte skapa ett konto på Quizkväll med din e-postadress, men adressen har redan ett konto. Inget nytt konto skapades och ditt lösenord är oförändrat.</p>
    <p style="margin:0 0 16px;line-height:1.5">Har du glömt ditt lösenord kan du välja ett nytt:</p>
    <p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#b45309;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">Återställ lösenordet</a></p>
    <p style="margin:0;font-size:13px;color:#57534e;word-break:break-all">${escapeHtml(link)}</p>`,
  );
  return { subject, text, html, link };
}
