/** Calls an admin JSON endpoint; resolves with its body or rejects with the server's Swedish message. */
export class AdminRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AdminRequestError";
  }
}

export async function adminFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch {
    throw new AdminRequestError("Kunde inte nå servern. Kontrollera anslutningen.", 0);
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: string; field?: string }) | null;
  if (!response.ok) {
    throw new AdminRequestError(
      body?.error ?? `Servern svarade ${response.status}`,
      response.status,
      body?.field,
    );
  }
  return body as T;
}
