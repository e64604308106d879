import fs from "node:fs";
import path from "node:path";

/** Undoes quoted-printable (soft line breaks and =XX bytes) so links and codes can be read as text. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined.charAt(i) === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined.charAt(i), "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export type OutboxMail = { file: string; raw: string; text: string };

/**
 * The mails in DATA_DIR/outbox addressed to one recipient, oldest first. Mail is delivered there by the
 * app's delivery worker shortly after it is queued: browser tests poll this (expect.poll), integration
 * tests deliver first (mailsTo in delivered-mail.ts).
 */
export function outboxFor(dataDir: string, to: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const raw = fs.readFileSync(file, "utf8");
      return { file, raw, text: decodeQuotedPrintable(raw) };
    })
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "im").test(mail.raw));
}

export function resetLinkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/admin\?token_hash=[A-Za-z0-9_-]+&type=recovery/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in ${mail.file}`);
  return link;
}

export function resetCodeIn(mail: OutboxMail): string {
  const code = /engångskoden (\d{6})/.exec(mail.text)?.[1] ?? /engångskod är: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.file}`);
  return code;
}
