import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, isNotNull } from "drizzle-orm";
import { account, userRoles } from "~/db/schema";
import type { DbOrTransaction } from "~/features/mail/public.server";
import { getDb } from "~/lib/db.server";

/** How long a mailed sign-in link is valid, in seconds ("en timme" in the mails). */
export const MAGIC_LINK_TTL_SECONDS = 60 * 60;

export const MAGIC_LINK_LANDING = "/quizvard";

/** The page a mailed link opens: it signs in only when its button is pressed (mail scanners only GET). */
export const SIGN_IN_PAGE = "/quizvard/logga-in";

export const MAGIC_LINK_VERIFY_PATH = "/magic-link/verify";

const issuedToken = new AsyncLocalStorage<{ token?: string }>();

/** The magic-link plugin's `sendMagicLink`: hands the token to `createSignInLink`, which mails it. */
export function keepIssuedToken({ token }: { token: string }): void {
  const holder = issuedToken.getStore();
  if (!holder) throw new Error("sign-in links are made by createSignInLink");
  holder.token = token;
}

/** Runs `make` (a call of the plugin's sign-in endpoint) and returns the token it issued. */
export async function captureIssuedToken(make: () => Promise<unknown>): Promise<string> {
  const holder: { token?: string } = {};
  await issuedToken.run(holder, make);
  if (!holder.token) throw new Error("the magic-link plugin made no token");
  return holder.token;
}

/** Whether an account may sign in by a mailed link: only one with neither a password nor an admin role. */
export async function signsInByLink(db: DbOrTransaction, userId: string): Promise<boolean> {
  const [withPassword, admin] = await Promise.all([
    db
      .select({ id: account.id })
      .from(account)
      .where(
        and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)),
      )
      .limit(1),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1),
  ]);
  return withPassword.length === 0 && admin.length === 0;
}

type HookContext = { path?: string } | null | undefined;
const onVerify = (ctx: HookContext) => ctx?.path === MAGIC_LINK_VERIFY_PATH;

/** better-auth's database hooks that keep a link from ever taking an account (docs/decisions/053): it signs in only an account with neither a password nor an admin role, marks that session as a link's, and never deletes a password or a session (the plugin "revokes unproven access" of an unverified account). */
export const linkSessionHooks = {
  session: {
    create: {
      before: async (session: { userId: string }, ctx: HookContext) => {
        if (!onVerify(ctx)) return;
        if (!(await signsInByLink(getDb(), session.userId))) return false;
        return { data: { ...session, viaLink: true } };
      },
    },
    delete: { before: async (_session: unknown, ctx: HookContext) => (onVerify(ctx) ? false : undefined) },
  },
  account: {
    delete: { before: async (_account: unknown, ctx: HookContext) => (onVerify(ctx) ? false : undefined) },
  },
};
