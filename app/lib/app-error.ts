import { data, isRouteErrorResponse } from "react-router";
import { type FieldErrors, type FormFailure, hasFieldErrors } from "./form-errors";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "./unavailable";

/** Expected failures only; anything else is a fault answered by the site's own 500/503 page. */
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
  fieldErrors?: FieldErrors;
  field?: string;
  /** Seconds, sent as Retry-After. */
  retryAfterSeconds?: number;
};

// A brand, not `instanceof`: the server and the app's build each load their own copy of this module.
const BRAND = Symbol.for("quizkvall.AppError");

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

function retryHeaders({ retryAfterSeconds }: AppError): Record<string, string> {
  return retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
}

/** The one writer of the refused-request JSON shape, for AppErrors and endpoints' own checks. */
export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return Response.json({ error, ...extra }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function appErrorJson(error: AppError | AppErrorCode): Response {
  const known = asAppError(error);
  const { status, message, field, fieldErrors } = known;
  const extra = field !== undefined ? { field } : fieldErrors ? { fieldErrors } : {};
  return jsonError(status, message, extra, retryHeaders(known));
}

export function answerAppError(error: unknown): Response {
  if (isAppError(error)) return appErrorJson(error);
  throw error;
}

type AppErrorData = { code: AppErrorCode; message: string };

export function appErrorPage(error: AppError | AppErrorCode) {
  const known = asAppError(error);
  const { code, message, status } = known;
  return data({ code, message } satisfies AppErrorData, { status, headers: retryHeaders(known) });
}

export function appErrorCodeOf(error: unknown): AppErrorCode | null {
  if (!isRouteErrorResponse(error)) return null;
  const code = (error.data as Partial<AppErrorData> | null)?.code;
  return typeof code === "string" && code in APP_ERRORS ? (code as AppErrorCode) : null;
}

/** Codes the route does not expect (faults, the outage's 503) are rethrown to the site's boundary. */
export function expectAppError<C extends AppErrorCode>(error: unknown, expects: readonly C[]): C {
  const code = appErrorCodeOf(error);
  if (code && (expects as readonly AppErrorCode[]).includes(code)) return code as C;
  throw error;
}

export function formFailure<E extends object = Record<never, never>>(
  error: AppError | AppErrorCode,
  extra?: E,
): FormFailure & E {
  const { message, field, fieldErrors = field === undefined ? {} : { [field]: message } } = asAppError(error);
  return { ok: false, fieldErrors, formError: hasFieldErrors(fieldErrors) ? null : message, ...(extra as E) };
}

export function formFailureData<E extends object = Record<never, never>>(
  error: AppError | AppErrorCode,
  extra?: E,
) {
  const known = asAppError(error);
  return data(formFailure(known, extra), { status: known.status, headers: retryHeaders(known) });
}
