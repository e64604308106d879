import fs from "node:fs";
import path from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import type { mailOutbox } from "~/db/schema";

type MailRow = typeof mailOutbox.$inferSelect;

/** The message of a queued mail, the same at every attempt: its Message-ID and Date are the row's, so a mail sent twice (a retry after the server's reply was lost) is recognisably one message to the receiving side, which may drop the copy. */
export function messageOf(mail: MailRow, from: string): SendMailOptions {
  return {
    from,
    to: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
    date: mail.createdAt,
  };
}

// Bounded waits, so one attempt ends well within a claim's lease (delivery.server.ts).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

let transport: { url: string; transporter: Transporter } | undefined;

/** One pooled SMTP transport per SMTP_URL: a burst of mail reuses its connection. */
function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      transporter: nodemailer.createTransport({ url, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS }),
    };
  }
  return transport.transporter;
}

/** Closes the SMTP connections (a shutdown; a send in progress fails and its mail is tried again). */
export function closeSmtpTransport() {
  transport?.transporter.close();
  transport = undefined;
}

export async function sendOverSmtp(url: string, message: SendMailOptions): Promise<string> {
  const info = await smtpTransport(url).sendMail(message);
  return String(info.response ?? "");
}

/** The file a mail is written to in DATA_DIR/outbox: named by when it was queued and its row, oldest first. */
function outboxFileName(mail: MailRow): string {
  const stamp = mail.createdAt.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${String(mail.id).padStart(12, "0")}.eml`;
}

/** Without SMTP_URL the mail is written as an .eml file to DATA_DIR/outbox. */
export async function writeToOutboxDirectory(dataDir: string, mail: MailRow, message: SendMailOptions) {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const outbox = path.join(dataDir, "outbox");
  fs.mkdirSync(outbox, { recursive: true });
  const file = path.join(outbox, outboxFileName(mail));
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, built.message as Buffer, { mode: 0o600 });
  fs.renameSync(partial, file);
  return file;
}
