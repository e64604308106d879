/**
 * CONTRACT (issue 4 implements the spec's fingerprint): the visitor identifier, stored in localStorage under
 * `quizkvall_user_identifier`, generated once. Browser-only; call it from effects and event handlers.
 */
export const VISITOR_ID_STORAGE_KEY = "quizkvall_user_identifier";

export function getVisitorId(): string {
  const existing = window.localStorage.getItem(VISITOR_ID_STORAGE_KEY);
  if (existing) return existing;
  const id = `${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
  window.localStorage.setItem(VISITOR_ID_STORAGE_KEY, id);
  return id;
}
