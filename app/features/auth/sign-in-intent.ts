import type { ToastText } from "./auth-messages";

/** The admin page's sign-in form names itself with this intent (its other form chooses a first password). */
export const SIGN_IN_INTENT = "sign-in";

/** The action's answer to a refused sign-in (a successful one redirects). */
export type SignInFailure = { intent: typeof SIGN_IN_INTENT; problem: ToastText };

export function isSignInFailure(value: unknown): value is SignInFailure {
  return (value as SignInFailure | null | undefined)?.intent === SIGN_IN_INTENT;
}
