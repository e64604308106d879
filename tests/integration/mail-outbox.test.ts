import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import { deliverDueMails } from "~/features/mail/delivery.server";
import type { MailKind } from "~/features/mail/mail-caps";
import { startMailDelivery } from "~/features/mail/mail-worker.server";
import { claimNextMail, enqueueMail, markSent, pruneMailOutbox } from "~/features/mail/outbox.server";
import { closeSmtpTransport } from "~/features/mail/transport.server";
import { type Db, getDb, openDatabase, queryRows } from "~/lib/db.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { outboxFor } from "../support/outbox";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { freePort } from "../support/spawn-server";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const T0 = new Date("2026-11-25T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const quiet = pino({ level: "silent" });

function mail(to: string, kind: MailKind = "password-reset", subject = "Ämne") {
  return {
    kind,
    to,
    subject,
    text: `Hej!\n\nhttps://quizkvall.example/admin?token_hash=${subject}`,
    html: "<p>Hej!</p>",
  };
}

async function rowsTo(recipient: string) {
  return getDb().select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(mailOutbox.id);
}

let original: Env;
const peers: SmtpPeer[] = [];

beforeEach(async () => {
  original = getEnv();
  // Each test starts from an empty outbox, so one test's mail is not another's to deliver.
  await getDb().delete(mailOutbox);
});

afterEach(async () => {
  setEnv(original);
  closeSmtpTransport();
  for (const peer of peers.splice(0)) await peer.close();
});

/** A logger that calls `onSent` for each "mail sent" line. */
function countingLogger(onSent: () => void) {
  return pino(
    { level: "info" },
    new Writable({
      write(chunk, _enc, done) {
        if (String(chunk).includes('"msg":"mail sent"')) onSent();
        done();
      },
    }),
  );
}

/** Another handle on the test database: its own pool on PostgreSQL, the same database on PGlite. */
async function secondHandle(): Promise<{ db: Db; close: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { db: getDb(), close: async () => {} };
  const [row] = await queryRows<{ name: string }>(getDb(), sql`select current_database() as name`);
  const url = new URL(server);
  url.pathname = `/${row!.name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 4 });
  return { db: handle.db, close: handle.close };
}

function useSmtp(url: string) {
  setEnv(
    parseEnv({ NODE_ENV: "test", DATA_DIR: original.dataDir, PUBLIC_URL: original.publicUrl, SMTP_URL: url }),
  );
}

async function peer(port?: number) {
  const started = await startSmtpPeer(port);
  peers.push(started);
  return started;
}

describe("the per-recipient cap", () => {
  it("lets 3 of 40 parallel account mails to one address through, across kinds and spellings", async () => {
    const kinds: MailKind[] = ["sign-up", "password-reset", "reset-code", "existing-account"];
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        enqueueMail(
          getDb(),
          mail(i % 2 ? "  Flood@Example.SE " : "flood@example.se", kinds[i % kinds.length]),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.accepted)).toHaveLength(3);
    const refusedBy = new Set(outcomes.flatMap((o) => (o.accepted ? [] : [o.cap])));
    expect([...refusedBy].every((cap) => cap === "unsolicited" || cap === "existing-account")).toBe(true);
    const rows = await rowsTo("flood@example.se");
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.kind === "existing-account").length).toBeLessThanOrEqual(1);
  });

  it("opens again after an hour; 'already has an account' only after a day", async () => {
    const to = "timme@example.se";
    expect((await enqueueMail(getDb(), mail(to, "existing-account"), at(0))).accepted).toBe(true);
    expect((await enqueueMail(getDb(), mail(to, "password-reset"), at(1000))).accepted).toBe(true);
    expect((await enqueueMail(getDb(), mail(to, "reset-code"), at(2000))).accepted).toBe(true);
    expect(await enqueueMail(getDb(), mail(to, "sign-up"), at(HOUR - 1))).toEqual({
      accepted: false,
      cap: "unsolicited",
    });
    // An hour after the first, one place is free again: not for another "already has an account" mail.
    expect(await enqueueMail(getDb(), mail(to, "existing-account"), at(HOUR + 1))).toEqual({
      accepted: false,
      cap: "existing-account",
    });
    expect((await enqueueMail(getDb(), mail(to, "password-reset"), at(HOUR + 2))).accepted).toBe(true);
    expect((await enqueueMail(getDb(), mail(to, "existing-account"), at(DAY + 1))).accepted).toBe(true);
    expect((await rowsTo(to)).map((r) => r.kind)).toEqual([
      "existing-account",
      "password-reset",
      "reset-code",
      "password-reset",
      "existing-account",
    ]);
  });

  it("bounds a kind without caps of its own at 100 a day; other addresses are not affected", async () => {
    const to = "admin-mycket@example.se";
    for (let i = 0; i < 100; i++) {
      expect((await enqueueMail(getDb(), mail(to, "nutidsquiz-review"), at(i))).accepted).toBe(true);
    }
    expect(await enqueueMail(getDb(), mail(to, "nutidsquiz-review"), at(200))).toEqual({
      accepted: false,
      cap: "every",
    });
    expect(
      (await enqueueMail(getDb(), mail("annan@example.se", "nutidsquiz-review"), at(200))).accepted,
    ).toBe(true);
  });

  it("is part of the caller's transaction: rolled back with it, nothing queued", async () => {
    await expect(
      getDb().transaction(async (tx) => {
        await enqueueMail(tx, mail("rullas-tillbaka@example.se"));
        throw new Error("the cause of the mail failed");
      }),
    ).rejects.toThrow("the cause of the mail failed");
    expect(await rowsTo("rullas-tillbaka@example.se")).toEqual([]);
  });

  it("refuses what is not one address or a header that is not one line", async () => {
    await expect(enqueueMail(getDb(), mail("a@b.se\r\nBcc: x@y.se"))).rejects.toThrow(TypeError);
    await expect(
      enqueueMail(getDb(), { ...mail("a@b.se"), headers: { "List-Unsubscribe": "<x>\r\nBcc: y@z.se" } }),
    ).rejects.toThrow(TypeError);
  });
});

describe("delivery without SMTP_URL", () => {
  it("writes each mail once to DATA_DIR/outbox with its Message-ID and logs a line with the link, its token hidden", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: "info" }, sink);
    const queued = await enqueueMail(getDb(), {
      ...mail("katalog@example.se", "password-reset"),
      link: "https://quizkvall.example/admin?token_hash=abc",
      headers: { "List-Unsubscribe": "<https://quizkvall.example/avsluta>" },
    });
    expect(queued.accepted).toBe(true);
    expect(await deliverDueMails(getDb(), { logger })).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [file] = outboxFor(getEnv().dataDir, "katalog@example.se");
    expect(file?.raw).toContain(`Message-ID: ${queued.accepted && queued.messageId}`);
    expect(file?.raw).toContain("List-Unsubscribe: <https://quizkvall.example/avsluta>");
    const line = lines.find((l) => l.msg === "mail written to outbox");
    // The log line names the file (where the whole link is) and shows the link without its token.
    expect(line).toMatchObject({
      to: "katalog@example.se",
      link: "https://quizkvall.example/admin?token_hash=[redacted]",
    });
    expect(line?.file).toBe(file?.file);
    // Written again (a second attempt after a crash), it is the same file, not a second mail.
    await getDb()
      .update(mailOutbox)
      .set({ status: "pending" })
      .where(eq(mailOutbox.recipient, "katalog@example.se"));
    await deliverDueMails(getDb(), { logger: quiet });
    expect(outboxFor(getEnv().dataDir, "katalog@example.se")).toHaveLength(1);
    expect(
      fs.readdirSync(path.join(getEnv().dataDir, "outbox")).filter((f) => f.endsWith(".partial")),
    ).toEqual([]);
  });
});

describe("delivery over SMTP", () => {
  it("SMTP down, then up: the mail waits with backoff and is delivered once, nothing lost", async () => {
    const port = await freePort();
    useSmtp(`smtp://127.0.0.1:${port}`);
    await enqueueMail(getDb(), mail("nere@example.se"), at(0));
    await enqueueMail(getDb(), mail("nere2@example.se", "sign-up"), at(0));
    // Nothing listens: the first mail fails, the second waits for the next round untried.
    expect(await deliverDueMails(getDb(), { now: () => at(10), logger: quiet })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    const [first] = await rowsTo("nere@example.se");
    expect(first).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: at(10 + 5_000) });
    expect(first?.lastError).toBeTruthy();
    const smtp = await peer(port);
    // Up again: the untried mail goes at once, the failed one when its backoff has passed.
    expect(await deliverDueMails(getDb(), { now: () => at(1_000), logger: quiet })).toMatchObject({
      sent: 1,
    });
    expect(await deliverDueMails(getDb(), { now: () => at(5_010), logger: quiet })).toMatchObject({
      sent: 1,
    });
    expect(await deliverDueMails(getDb(), { now: () => at(60_000), logger: quiet })).toMatchObject({
      sent: 0,
    });
    expect(smtp.received.map((m) => m.to)).toEqual([["nere2@example.se"], ["nere@example.se"]]);
    expect((await rowsTo("nere@example.se"))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("once a retry goes through, every mail waiting out its backoff goes at once", async () => {
    const port = await freePort();
    useSmtp(`smtp://127.0.0.1:${port}`);
    for (const [i, to] of ["vag-1@example.se", "vag-2@example.se", "vag-3@example.se"].entries()) {
      await enqueueMail(getDb(), mail(to), at(i));
      // Down: each is tried once and waits 5 s (then 10, 20 …) from its own failure.
      await deliverDueMails(getDb(), { now: () => at(1_000 * (i + 1)), logger: quiet });
    }
    expect(
      (await getDb().select().from(mailOutbox).orderBy(mailOutbox.id)).map((r) => r.nextAttemptAt),
    ).toEqual([at(6_000), at(7_000), at(8_000)]);
    const smtp = await peer(port);
    // The first retry due finds the server back: the two others go in the same round, not seconds later.
    expect(await deliverDueMails(getDb(), { now: () => at(6_000), logger: quiet })).toMatchObject({
      sent: 3,
    });
    expect(smtp.received).toHaveLength(3);
  });

  it("a server that refuses the first attempts: the running worker retries and delivers one copy", async () => {
    const smtp = await peer();
    smtp.refuseConnections(3);
    useSmtp(smtp.url);
    const worker = startMailDelivery(getDb(), {
      pollMs: 50,
      logger: quiet,
      retry: { firstDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: DAY },
    });
    try {
      const queued = await enqueueMail(getDb(), mail("vagrad@example.se"));
      await expect.poll(() => smtp.received.length, { timeout: 10_000, interval: 20 }).toBe(1);
      expect(smtp.received[0]?.messageId).toBe(queued.accepted && queued.messageId);
      await expect.poll(async () => (await rowsTo("vagrad@example.se"))[0]?.status).toBe("sent");
      expect((await rowsTo("vagrad@example.se"))[0]?.attempts).toBe(4);
    } finally {
      await worker.stop();
    }
    expect(smtp.received).toHaveLength(1);
  });

  it("a lost reply: the retry is at worst a second copy with the same Message-ID", async () => {
    const smtp = await peer();
    smtp.dropAfterData(1);
    useSmtp(smtp.url);
    const queued = await enqueueMail(getDb(), mail("tappat-svar@example.se"), at(0));
    expect(await deliverDueMails(getDb(), { now: () => at(1), logger: quiet })).toMatchObject({ retried: 1 });
    expect(await deliverDueMails(getDb(), { now: () => at(10_000), logger: quiet })).toMatchObject({
      sent: 1,
    });
    expect(smtp.received.map((m) => m.answered)).toEqual([false, true]);
    expect(smtp.received.map((m) => m.messageId)).toEqual([
      queued.accepted && queued.messageId,
      queued.accepted && queued.messageId,
    ]);
    expect((await rowsTo("tappat-svar@example.se"))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a recipient refused for good is given up at once, not retried", async () => {
    const smtp = await peer();
    smtp.refuseRecipients.add("finns-ej@example.se");
    useSmtp(smtp.url);
    await enqueueMail(getDb(), mail("finns-ej@example.se"), at(0));
    expect(await deliverDueMails(getDb(), { now: () => at(1), logger: quiet })).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    });
    expect((await rowsTo("finns-ej@example.se"))[0]).toMatchObject({ status: "failed", finishedAt: at(1) });
  });

  it("two instances on one database send each of 40 mails exactly once, both taking part", async () => {
    const smtp = await peer();
    smtp.setReplyDelay(15);
    useSmtp(smtp.url);
    const addresses = Array.from({ length: 40 }, (_, i) => `tva-${i}@example.se`);
    for (const to of addresses) await enqueueMail(getDb(), mail(to, "sign-up"));
    // On PostgreSQL the second instance has a connection pool of its own, as another process would.
    const second = await secondHandle();
    const sentBy = [0, 0];
    const workers = [getDb(), second.db].map((db, i) =>
      startMailDelivery(db, { pollMs: 30, logger: countingLogger(() => sentBy[i]!++) }),
    );
    try {
      await expect
        .poll(
          async () => {
            const [row] = await getDb()
              .select({ n: sql<number>`count(*)::int` })
              .from(mailOutbox)
              .where(sql`${mailOutbox.status} <> 'sent' and ${mailOutbox.recipient} like 'tva-%'`);
            return row?.n;
          },
          { timeout: 30_000, interval: 50 },
        )
        .toBe(0);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await second.close();
    }
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(40);
    expect(sentBy[0]! + sentBy[1]!).toBe(40);
    expect(sentBy.every((n) => n > 0)).toBe(true);
  });
});

describe("claims", () => {
  it("a claim whose claimer died runs out and the mail is claimed again; the late claimer cannot mark it", async () => {
    await enqueueMail(getDb(), mail("krasch@example.se"), at(0));
    const first = await claimNextMail(getDb(), 60_000, at(1));
    expect(first).toMatchObject({ recipient: "krasch@example.se", status: "sending", attempts: 1 });
    expect(await claimNextMail(getDb(), 60_000, at(30_000))).toBeNull();
    const second = await claimNextMail(getDb(), 60_000, at(60_002));
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    expect(await markSent(getDb(), first!, at(60_003))).toBe(false);
    expect(await markSent(getDb(), second!, at(60_004))).toBe(true);
  });

  it("a shutdown hands an unfinished delivery back, due at once for another instance", async () => {
    const smtp = await peer();
    const stall = smtp.stall();
    useSmtp(smtp.url);
    const worker = startMailDelivery(getDb(), { pollMs: 20, shutdownGraceMs: 200, logger: quiet });
    await enqueueMail(getDb(), mail("avstangd@example.se"));
    await expect.poll(async () => (await rowsTo("avstangd@example.se"))[0]?.status).toBe("sending");
    const stopped = Date.now();
    await worker.stop();
    const [row] = await rowsTo("avstangd@example.se");
    expect(row).toMatchObject({ status: "pending", claim: null });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(stopped - 1000);
    stall.release();
  });
});

describe("pruning", () => {
  it("removes sent mail after two days and failed mail after two weeks, never mail still to send", async () => {
    for (const [to, status, finishedAt] of [
      ["gammal-skickad@example.se", "sent", at(-2 * DAY - 1)],
      ["ny-skickad@example.se", "sent", at(-2 * DAY + 60_000)],
      ["gammal-misslyckad@example.se", "failed", at(-14 * DAY - 1)],
      ["ny-misslyckad@example.se", "failed", at(-3 * DAY)],
      ["vantar@example.se", "pending", null],
    ] as const) {
      await enqueueMail(getDb(), mail(to), at(-30 * DAY));
      await getDb().update(mailOutbox).set({ status, finishedAt }).where(eq(mailOutbox.recipient, to));
    }
    expect(await pruneMailOutbox(getDb(), T0)).toBe(2);
    const left = await getDb().select({ to: mailOutbox.recipient }).from(mailOutbox);
    const names = left.map((r) => r.to);
    expect(names).toEqual(
      expect.arrayContaining(["ny-skickad@example.se", "ny-misslyckad@example.se", "vantar@example.se"]),
    );
    expect(names).not.toContain("gammal-skickad@example.se");
    expect(names).not.toContain("gammal-misslyckad@example.se");
  });
});
