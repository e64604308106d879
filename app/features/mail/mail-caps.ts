import { hasControlCharacters } from "~/lib/control-characters";

/** What may be mailed to one address, and how often. */
type MailCap = {
  /** Names the budget: kinds that list a cap of the same name share it. */
  name: string;
  limit: number;
  windowMs: number;
};

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Mail the recipient did not ask for in that moment, whoever asked for it: account mails (sign-up, "you already have an account", reset link and code), host mails (a sign-in link, an approved claim) and the confirmations of follows and subscriptions. */
const UNSOLICITED_MAIL_CAP = {
  name: "unsolicited",
  limit: 3,
  windowMs: HOUR_MS,
} as const satisfies MailCap;

/** Someone signing up with a taken address tells its owner once a day, however often it is tried. */
const EXISTING_ACCOUNT_CAP = {
  name: "existing-account",
  limit: 1,
  windowMs: DAY_MS,
} as const satisfies MailCap;

/** Every kind, whatever its own caps: a bound on what one address can receive in a day even from a kind whose caps are wrong. */
const EVERY_MAIL_CAP = { name: "every", limit: 100, windowMs: DAY_MS } as const satisfies MailCap;

/** Confirmations of list mail ("Påminn mig", the weekly NutidsQuiz), besides the unsolicited budget. */
const LIST_CONFIRM_DAY_CAP = {
  name: "list-confirm-day",
  limit: 6,
  windowMs: DAY_MS,
} as const satisfies MailCap;

/** Reminders on a night's day: one per followed night, and nobody goes to more than 10 quizzes a day. */
const EVENT_REMINDER_CAP = {
  name: "event-reminder",
  limit: 10,
  windowMs: DAY_MS,
} as const satisfies MailCap;

/** Alerts of cancelled or moved nights: an admin correcting a schedule a few times is fine, a storm is not. */
const EVENT_ALERT_CAP = {
  name: "event-alert",
  limit: 20,
  windowMs: DAY_MS,
} as const satisfies MailCap;

/** The weekly NutidsQuiz: one a week, two a day leaves room for a republished quiz. */
const NUTIDSQUIZ_ISSUE_CAP = {
  name: "nutidsquiz-issue",
  limit: 2,
  windowMs: DAY_MS,
} as const satisfies MailCap;

/** Mail to a host about their listings: the freshness question, visitors' "Det blev inget", the morning mail. */
const HOST_NOTICE_CAP = {
  name: "host-notice",
  limit: 10,
  windowMs: DAY_MS,
} as const satisfies MailCap;

const MAIL_KINDS = {
  /** The welcome mail that answers a sign-up (better-auth's verification mail). */
  "sign-up": [UNSOLICITED_MAIL_CAP],
  /** A sign-up with an address that has an account: its owner is told instead. */
  "existing-account": [UNSOLICITED_MAIL_CAP, EXISTING_ACCOUNT_CAP],
  /** The reset mail: a link and a code. */
  "password-reset": [UNSOLICITED_MAIL_CAP],
  /** A code alone, asked for through the e-mail code endpoints. */
  "reset-code": [UNSOLICITED_MAIL_CAP],
  /** A host's sign-in link (or, for an account with a password, how to sign in), asked for at /quizvard. */
  "host-sign-in": [UNSOLICITED_MAIL_CAP],
  /** A claim was approved: the new host's first sign-in link, or how to sign in as usual. */
  "host-approved": [UNSOLICITED_MAIL_CAP],
  /** A claim was declined: the claimant is told, politely. */
  "host-declined": [UNSOLICITED_MAIL_CAP],
  /** The Sunday draft, to each admin for review. */
  "nutidsquiz-review": [],
  /** The double opt-in mail of a follow or a subscription: a link to confirm it. */
  "list-confirm": [UNSOLICITED_MAIL_CAP, LIST_CONFIRM_DAY_CAP],
  /** A followed night is today (list mail). */
  "event-reminder": [EVENT_REMINDER_CAP],
  /** A followed night was cancelled or its time changed (list mail). */
  "event-alert": [EVENT_ALERT_CAP],
  /** The week's NutidsQuiz is published (list mail). */
  "nutidsquiz-issue": [NUTIDSQUIZ_ISSUE_CAP],
  /** "Stämmer ert quiz fortfarande?" to a host, once per freshness cycle of each event. */
  "freshness-check": [HOST_NOTICE_CAP],
  /** A visitor said a night did not happen ("Det blev inget"): to the event's hosts, once per night. */
  "night-not-held": [HOST_NOTICE_CAP],
  /** "Blir det quiz ikväll?" on a night's morning, to each host who chose it: once per host, event and day. */
  "tonight-check": [HOST_NOTICE_CAP],
  /** An admin removed a host from an event: the former host is told. */
  "host-removed": [HOST_NOTICE_CAP],
} as const satisfies Record<string, readonly MailCap[]>;

export type MailKind = keyof typeof MAIL_KINDS;

/** A cap with every kind that counts against it. */
export type CapCount = MailCap & { kinds: MailKind[] };

/** The caps a mail of this kind must pass, each with the kinds it counts; the every-kind cap last. */
export function capsFor(kind: MailKind): CapCount[] {
  const kinds = Object.keys(MAIL_KINDS) as MailKind[];
  const own = MAIL_KINDS[kind].map((cap: MailCap) => ({
    ...cap,
    kinds: kinds.filter((k) => MAIL_KINDS[k].some((c: MailCap) => c.name === cap.name)),
  }));
  return [...own, { ...EVERY_MAIL_CAP, kinds }];
}

/** Sent mails are kept two days, so every cap still sees them (a unit test holds the windows to it); failed ones two weeks, for whoever looks into why. */
export const SENT_MAIL_RETENTION_MS = 2 * DAY_MS;
export const FAILED_MAIL_RETENTION_MS = 14 * DAY_MS;

/** Addresses are counted (and sent to) trimmed and in lower case. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

// One address without a display name: no spaces, angle brackets, commas or quotes, one @ (control characters are refused separately).
const ADDRESS = /^[^\s@<>,;"\\]+@[^\s@<>,;"\\]+\.[^\s@<>,;"\\]+$/;
// A header field name (RFC 5322: printable ASCII except the colon).
const HEADER_NAME = /^[!-9;-~]+$/;

/** Whether an address is one plain address a mail may be sent to. */
export function isMailableAddress(address: string): boolean {
  return ADDRESS.test(address) && !hasControlCharacters(address);
}

/** Why a mail cannot be queued as given: a programming error of the caller, never visitor input. */
export function mailProblem(mail: { to: string; headers?: Record<string, string> }): string | null {
  if (!isMailableAddress(normalizeAddress(mail.to))) return "the recipient is not one plain address";
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name) || hasControlCharacters(value)) return `the header ${name} is not one line`;
  }
  return null;
}
