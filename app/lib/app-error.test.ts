import { describe, expect, it } from "vitest";
import {
  AppError,
  answerAppError,
  appErrorCodeOf,
  appErrorJson,
  appErrorPage,
  expectAppError,
  formFailure,
  formFailureData,
  isAppError,
} from "./app-error";
import { UNAVAILABLE_MESSAGE } from "./unavailable";

/** What React Router hands a route's error boundary for a thrown `data(…, { status })`. */
function routeError(thrown: ReturnType<typeof appErrorPage>) {
  return { status: thrown.init?.status ?? 200, statusText: "", internal: false, data: thrown.data };
}

describe("AppError", () => {
  it("takes its status and Swedish message from its code, or the message the thrower gives", () => {
    expect(new AppError("rate-limited")).toMatchObject({
      code: "rate-limited",
      status: 429,
      message: "För många förfrågningar. Försök igen om en stund.",
    });
    expect(new AppError("not-found", { message: "Eventet finns inte" })).toMatchObject({
      status: 404,
      message: "Eventet finns inte",
    });
    expect(new AppError("unavailable").status).toBe(503);
    expect(isAppError(new AppError("conflict"))).toBe(true);
    expect(isAppError(new Error("Åtkomst nekad"))).toBe(false);
    expect(isAppError({ code: "forbidden", status: 403 })).toBe(false);
  });
});

describe("an AppError as JSON", () => {
  it("is the endpoint's Swedish { error } with its status, never cached, with Retry-After when it says", async () => {
    const limited = appErrorJson(new AppError("rate-limited", { retryAfterSeconds: 7 }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(await limited.json()).toEqual({ error: "För många förfrågningar. Försök igen om en stund." });
    const unavailable = appErrorJson(new AppError("unavailable", { retryAfterSeconds: 1 }));
    expect([unavailable.status, await unavailable.json()]).toEqual([503, { error: UNAVAILABLE_MESSAGE }]);
    expect(await appErrorJson("unauthorized").json()).toEqual({ error: "Inloggning krävs" });
  });

  it("names the one field a message is about, or else every field's message", async () => {
    const titled = new AppError("bad-request", {
      message: "Titel är obligatorisk",
      field: "title",
      fieldErrors: { title: "Titel är obligatorisk", city: "Välj stad" },
    });
    expect(await appErrorJson(titled).json()).toEqual({ error: "Titel är obligatorisk", field: "title" });
    const dates = new AppError("bad-request", {
      message: "Välj ett datum",
      fieldErrors: { date: "Välj ett datum" },
    });
    expect(await appErrorJson(dates).json()).toEqual({
      error: "Välj ett datum",
      fieldErrors: { date: "Välj ett datum" },
    });
  });

  it("answers what an endpoint caught when it is an AppError, and throws anything else on", async () => {
    expect(answerAppError(new AppError("not-found")).status).toBe(404);
    const fault = new Error("relation does not exist");
    expect(() => answerAppError(fault)).toThrow(fault);
    const outage = new Response(null, { status: 503 });
    expect(() => answerAppError(outage)).toThrow();
  });
});

describe("an AppError as a page", () => {
  it("is thrown data with its status and code, which the boundaries read back", () => {
    const thrown = appErrorPage("expired-link");
    expect(thrown.init?.status).toBe(404);
    expect(thrown.data).toEqual({ code: "expired-link", message: "Länken har gått ut" });
    expect(appErrorCodeOf(routeError(thrown))).toBe("expired-link");
    const limited = appErrorPage(new AppError("rate-limited", { retryAfterSeconds: 3 }));
    expect(new Headers(limited.init?.headers).get("retry-after")).toBe("3");
  });

  it("lets a route's boundary show only the codes it expects; the rest goes on to the site's boundary", () => {
    const invalid = routeError(appErrorPage("invalid-link"));
    expect(expectAppError(invalid, ["invalid-link", "expired-link"])).toBe("invalid-link");
    const others: unknown[] = [
      // The outage answer (lib/db-availability.server.ts) and a fault are never a visitor's mistake.
      {
        status: 503,
        statusText: "Service Unavailable",
        internal: false,
        data: { error: UNAVAILABLE_MESSAGE },
      },
      new Error("Unexpected Server Error"),
      // A 404 without a code (another route's, or React Router's own) is not this route's either.
      { status: 404, statusText: "Not Found", internal: true, data: null },
      routeError(appErrorPage("forbidden")),
    ];
    for (const error of others) {
      expect(appErrorCodeOf(error) === "invalid-link").toBe(false);
      expect(() => expectAppError(error, ["invalid-link"])).toThrow();
      try {
        expectAppError(error, ["invalid-link"]);
      } catch (thrown) {
        expect(thrown).toBe(error);
      }
    }
  });
});

describe("an AppError as a form's answer", () => {
  it("puts the message at the fields when there are any, else in the form's one line", () => {
    expect(formFailure(new AppError("bad-request", { message: "Okänt utskick." }))).toEqual({
      ok: false,
      fieldErrors: {},
      formError: "Okänt utskick.",
    });
    const fields = new AppError("bad-request", { fieldErrors: { email: "Ange en giltig e-postadress" } });
    expect(formFailure(fields, { values: { email: "x" } })).toEqual({
      ok: false,
      fieldErrors: { email: "Ange en giltig e-postadress" },
      formError: null,
      values: { email: "x" },
    });
    const image = new AppError("bad-request", { message: "Filen är ingen bild", field: "image" });
    expect(formFailure(image)).toMatchObject({
      fieldErrors: { image: "Filen är ingen bild" },
      formError: null,
    });
  });

  it("carries the error's status (and Retry-After) as the action's answer", () => {
    const answer = formFailureData(
      new AppError("rate-limited", { message: "För många förslag.", retryAfterSeconds: 60 }),
    );
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("retry-after")).toBe("60");
    expect(answer.data).toMatchObject({ ok: false, formError: "För många förslag." });
  });
});
