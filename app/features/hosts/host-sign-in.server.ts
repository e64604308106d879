import { eq } from "drizzle-orm";
import { eventHosts, user } from "~/db/schema";
import { createSignInLink, signsInByLink } from "~/features/auth/public.server";
import { enqueueMail } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
import { hostPasswordSignInMail, hostSignInMail } from "./host-mails";

/**
 * A sign-in mail for an address, when it belongs to a host (someone with at least one event) and its mail
 * cap allows; otherwise nothing happens. An account with a password or an admin role gets no link, but
 * how to sign in as usual. The caller answers the same either way and before this is done, so neither
 * the answer nor its time tells anybody who hosts.
 */
export async function requestHostSignIn(
  db: Db,
  email: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<void> {
  const [host] = await db
    .selectDistinct({ id: user.id, email: user.email })
    .from(user)
    .innerJoin(eventHosts, eq(eventHosts.userId, user.id))
    .where(eq(user.email, email))
    .limit(1);
  if (!host) return;
  const hostAreaUrl = new URL("/quizvard", publicUrl).toString();
  // A link whose mail the cap drops was sent to nobody: it expires unused.
  const content = (await signsInByLink(db, host.id))
    ? hostSignInMail(await createSignInLink(host.email, publicUrl), hostAreaUrl)
    : hostPasswordSignInMail(null, new URL("/admin", publicUrl).toString(), hostAreaUrl);
  await enqueueMail(db, { kind: "host-sign-in", to: host.email, ...content }, now);
}
