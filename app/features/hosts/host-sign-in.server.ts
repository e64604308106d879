import { eq } from "drizzle-orm";
import { eventHosts, user } from "~/db/schema";
import { createSignInLink, signsInByLink } from "~/features/auth/public.server";
import { enqueueMail } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
import { hostPasswordSignInMail, hostSignInMail } from "./host-mails";

/** The caller answers the same, before this is done, so neither answer nor timing tells who hosts. */
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
  const content = (await signsInByLink(db, host.id))
    ? hostSignInMail(await createSignInLink(host.email, publicUrl), hostAreaUrl)
    : hostPasswordSignInMail(null, new URL("/admin", publicUrl).toString(), hostAreaUrl);
  await enqueueMail(db, { kind: "host-sign-in", to: host.email, ...content }, now);
}
