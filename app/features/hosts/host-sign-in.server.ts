import { eq } from "drizzle-orm";
import { eventHosts, user } from "~/db/schema";
import { writeMagicLink } from "~/features/auth/public.server";
import { enqueueMail } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
import { hostSignInMail } from "./host-mails";

/** Rolls a link back when the recipient's cap dropped its mail: a link nobody was sent must not exist. */
class MailDropped extends Error {}

/**
 * A sign-in link for an address, mailed when the address belongs to a host (someone with at least one
 * event) and its mail cap allows; otherwise nothing happens. The caller answers the same either way, so the
 * form tells nobody who hosts. The link and its mail are written in one transaction.
 */
export async function requestHostSignIn(
  db: Db,
  email: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<void> {
  const [host] = await db
    .selectDistinct({ email: user.email })
    .from(user)
    .innerJoin(eventHosts, eq(eventHosts.userId, user.id))
    .where(eq(user.email, email))
    .limit(1);
  if (!host) return;
  try {
    await db.transaction(async (tx) => {
      const link = await writeMagicLink(tx, host.email, { publicUrl, now });
      const queued = await enqueueMail(
        tx,
        {
          kind: "host-sign-in",
          to: host.email,
          ...hostSignInMail(link, new URL("/quizvard", publicUrl).toString()),
        },
        now,
      );
      if (!queued.accepted) throw new MailDropped();
    });
  } catch (error) {
    if (!(error instanceof MailDropped)) throw error;
  }
}
