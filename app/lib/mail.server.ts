import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about, repeated in the log line so a local user can act without a mail client. */
  link?: string;
};

export type MailDelivery = { via: "smtp"; messageId: string } | { via: "outbox"; file: string };

let transport: { url: string; transporter: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * Sends a mail over SMTP when SMTP_URL is set. Without it the mail is written as an .eml file to
 * DATA_DIR/outbox and summarised in one log line, so a password can still be reset on a local install.
 */
export async function sendMail(mail: Mail): Promise<MailDelivery> {
  const env = getEnv();
  const message = {
    from: env.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
  if (env.SMTP_URL) {
    const info = await smtpTransport(env.SMTP_URL).sendMail(message);
    logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    return { via: "smtp", messageId: info.messageId };
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const outbox = path.join(env.dataDir, "outbox");
  fs.mkdirSync(outbox, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  fs.writeFileSync(file, built.message as Buffer, { mode: 0o600 });
  logger.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, "mail written to outbox");
  return { via: "outbox", file };
}
