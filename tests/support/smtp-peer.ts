import type { Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { decodeQuotedPrintable } from "./outbox";

/** A message the server read whole; `answered` is false when its reply was never sent (dropAfterData). */
type ReceivedMail = {
  to: string[];
  messageId: string;
  raw: string;
  text: string;
  at: number;
  answered: boolean;
};

/**
 * A real SMTP server (smtp-server) on a free port for the mail tests, with the ways a real one misbehaves:
 * it can refuse the next connections (421, as a busy or restarting server does), or take a whole message and
 * then drop the connection instead of answering (the reply that is lost on the way back).
 */
export type SmtpPeer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Open connections are dropped and the next `count` are refused with 421 (a server restarting). */
  refuseConnections: (count: number) => void;
  /** The next `count` messages are read whole, then the connection is cut before the reply. */
  dropAfterData: (count: number) => void;
  /** Messages are read, then left without an answer until `release` is called. */
  stall: () => { release: () => void };
  /** Each message is answered this many milliseconds after it arrived (a server under load). */
  setReplyDelay: (ms: number) => void;
  /** Recipients refused with 550 (no such mailbox). */
  refuseRecipients: Set<string>;
  close: () => Promise<void>;
};

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const refuseRecipients = new Set<string>();
  let refusals = 0;
  let drops = 0;
  let stalled: (() => void)[] | null = null;
  let replyDelayMs = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (refusals > 0) {
        refusals--;
        return callback(Object.assign(new Error("Try again later"), { responseCode: 421 }));
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (refuseRecipients.has(address.address)) {
        return callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const record = (answered: boolean) =>
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? "",
            raw,
            text: decodeQuotedPrintable(raw),
            at: Date.now(),
            answered,
          });
        if (drops > 0) {
          // The message is here (a real server may deliver it), but the sender never hears so.
          drops--;
          record(false);
          for (const socket of sockets) socket.destroy();
          return;
        }
        const accept = () => {
          record(true);
          callback();
        };
        if (stalled) stalled.push(accept);
        else if (replyDelayMs > 0) setTimeout(accept, replyDelayMs);
        else accept();
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as { port: number }).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    refuseConnections: (count) => {
      refusals = count;
      if (count > 0) for (const socket of sockets) socket.destroy();
    },
    dropAfterData: (count) => {
      drops = count;
    },
    stall: () => {
      stalled = [];
      return {
        release: () => {
          const waiting = stalled ?? [];
          stalled = null;
          for (const accept of waiting) accept();
        },
      };
    },
    setReplyDelay: (ms) => {
      replyDelayMs = ms;
    },
    refuseRecipients,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
