import type { ToastText } from "./auth-messages";

/** The shortest password accepted anywhere: sign-up, reset and the first admin's own. */
export const MIN_PASSWORD_LENGTH = 6;

/** The new-password rules, checked in order: the entries must match, then the length. */
export function checkNewPassword(password: string, confirmation: string): ToastText | null {
  if (password !== confirmation) {
    return { title: "Lösenorden matchar inte", description: "Kontrollera att båda lösenorden är identiska." };
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return {
      title: "Lösenordet är för kort",
      description: `Lösenordet måste vara minst ${MIN_PASSWORD_LENGTH} tecken långt.`,
    };
  }
  return null;
}

/** What choosing a new password in place of a one-time password answered (the admin page's action). */
export type NewPasswordResult = { ok: true; problem: null } | { ok: false; problem: ToastText };
