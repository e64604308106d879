import { data, isRouteErrorResponse } from "react-router";
import { type FieldErrors, type FormFailure, hasFieldErrors } from "./form-errors";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "./unavailable";

/**
 * Every failure the app expects, with its HTTP status and the Swedish words it is answered with unless the
 * thrower names the thing (`new AppError("not-found", { message: "Eventet finns inte" })`). Anything that
 * is no AppError is a fault: the site's own 500 or 503 page answers it, never a route's friendly text.
 */
const APP_ERRORS = {
  "bad-request": { status: 400, message: "Ogiltig förfrågan." },
  unauthorized: { status: 401, message: "Inloggning krävs" },
  forbidden: { status: 403, message: "Åtkomst nekad" },
  "not-found": { status: 404, message: "Sidan hittades inte" },
  "city-not-found": { status: 404, message: "Stad inte hittad" },
  "invalid-link": { status: 404, message: "Länken fungerar inte" },
  "expired-link": { status: 404, message: "Länken har gått ut" },
  conflict: { status: 409, message: "Det går inte just nu: något har ändrats under tiden." },
  "rate-limited": { status: 429, message: "För många förfrågningar. Försök igen om en stund." },
  unavailable: { status: UNAVAILABLE_STATUS, message: UNAVAILABLE_MESSAGE },
} as const satisfies Record<string, { status: number; message: string }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

type AppErrorOptions = {
  message?: string;
  /** The form's fields at fault, each with its first message. */
  fieldErrors?: FieldErrors;
  /** The one field a JSON client is told about beside the message. */
  field?: string;
  /** For "rate-limited" and "unavailable": when to ask again (the Retry-After header). */
  retryAfterSeconds?: number;
};

// A brand rather than `instanceof` alone: the server and the app's build each load their own copy of this
// module.
const BRAND = Symbol.for("quizkvall.AppError");

/** An expected failure: thrown, or returned by a domain function, and answered by one of the mappings below. */
export class AppError extends Error {
  readonly [BRAND] = true;
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? APP_ERRORS[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = APP_ERRORS[code].status;
    this.fieldErrors = options.fieldErrors;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && (value as { [BRAND]?: true })[BRAND] === true;
}

const asAppError = (error: AppError | AppErrorCode) => (isAppError(error) ? error : new AppError(error));

/** When to ask again, for a refusal that says. */
function retryHeaders({ retryAfterSeconds }: AppError): Record<string, string> {
  return retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
}

/**
 * The JSON answer of a refused request: `{ error }` in Swedish, plus what a form reads (`fieldErrors`,
 * `field`), never stored by a cache. The one writer of that shape, for AppErrors and endpoints' own checks.
 */
export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return Response.json({ error, ...extra }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** An AppError as an endpoint answers it. */
export function appErrorJson(error: AppError | AppErrorCode): Response {
  const known = asAppError(error);
  const { status, message, field, fieldErrors } = known;
  // A client is told the one field the message is about, or else every field's message.
  const extra = field !== undefined ? { field } : fieldErrors ? { fieldErrors } : {};
  return jsonError(status, message, extra, retryHeaders(known));
}

/** An endpoint's answer to what its work threw: an AppError's JSON; anything else goes on to the server. */
export function answerAppError(error: unknown): Response {
  if (isAppError(error)) return appErrorJson(error);
  throw error;
}

/** What a page's thrown AppError carries to the error boundaries. */
type AppErrorData = { code: AppErrorCode; message: string };

/**
 * An AppError as a page answers it, thrown from a loader or action: the route's error boundary shows the
 * codes it expects (`expectAppError`) and the site's boundary the rest (root.tsx).
 */
export function appErrorPage(error: AppError | AppErrorCode) {
  const known = asAppError(error);
  const { code, message, status } = known;
  return data({ code, message } satisfies AppErrorData, { status, headers: retryHeaders(known) });
}

/** The AppError code a route error carries (a thrown `appErrorPage`), or null for any other error. */
export function appErrorCodeOf(error: unknown): AppErrorCode | null {
  if (!isRouteErrorResponse(error)) return null;
  const code = (error.data as Partial<AppErrorData> | null)?.code;
  return typeof code === "string" && code in APP_ERRORS ? (code as AppErrorCode) : null;
}

/**
 * For a route's error boundary: the code when the error is one of the AppErrors the route `expects`;
 * anything else (a fault, the outage's 503, another route's refusal) is thrown on to the site's boundary.
 */
export function expectAppError<C extends AppErrorCode>(error: unknown, expects: readonly C[]): C {
  const code = appErrorCodeOf(error);
  if (code && (expects as readonly AppErrorCode[]).includes(code)) return code as C;
  throw error;
}

/**
 * A refused form as its action returns it (data, so the form shows it in place): the fields at fault, or
 * one line when no field is. `extra` is what the form needs besides (the intent, the posted values).
 */
export function formFailure<E extends object = Record<never, never>>(
  error: AppError | AppErrorCode,
  extra?: E,
): FormFailure & E {
  const { message, field, fieldErrors = field === undefined ? {} : { [field]: message } } = asAppError(error);
  return { ok: false, fieldErrors, formError: hasFieldErrors(fieldErrors) ? null : message, ...(extra as E) };
}

/** `formFailure` with the error's status, as an action returns it. */
export function formFailureData<E extends object = Record<never, never>>(
  error: AppError | AppErrorCode,
  extra?: E,
) {
  const known = asAppError(error);
  return data(formFailure(known, extra), { status: known.status, headers: retryHeaders(known) });
}
