import { SHED_HEADER, SHED_MESSAGE, withShedRetry } from "./shed-retry";

// The one way the browser calls the JSON endpoints (docs/decisions/016-one-browser-fetch-and-shed-retry.md).

const NETWORK_ERROR_MESSAGE = "Kunde inte nå servern. Kontrollera anslutningen.";
const UNKNOWN_ERROR_MESSAGE = "Något gick fel. Försök igen.";

export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when the server was never reached. */
    readonly status: number,
    readonly serverMessage?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  return error.status === 0 ? NETWORK_ERROR_MESSAGE : fallback;
}

/** `fetch` is looked up per call so tests can stub the global. */
export const shedRetryingFetch: typeof fetch = withShedRetry((input, init) => fetch(input, init));

export type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  body?: FormData;
  signal?: AbortSignal;
};

export async function apiFetch<T>(url: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.json !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await shedRetryingFetch(url, {
      method: request.method ?? (request.json !== undefined || request.body ? "POST" : "GET"),
      headers,
      body: request.json !== undefined ? JSON.stringify(request.json) : request.body,
      credentials: "same-origin",
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { error, field } = (body ?? {}) as { error?: unknown; field?: unknown };
    // A shed answer is plain text; past the retries its message still reaches the visitor.
    const isShed = response.headers.get(SHED_HEADER) === "1";
    const serverMessage = typeof error === "string" && error ? error : isShed ? SHED_MESSAGE : undefined;
    throw new ApiError(
      serverMessage ?? UNKNOWN_ERROR_MESSAGE,
      response.status,
      serverMessage,
      typeof field === "string" ? field : undefined,
    );
  }
  return body as T;
}
