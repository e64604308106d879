// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorContent } from "./components/layout/error-content";
import { AppError, appErrorPage } from "./lib/app-error";

afterEach(cleanup);

/** The shape React Router gives the boundary for a thrown data(…, { status }). */
function routeError(status: number, statusText: string) {
  return { status, statusText, internal: false, data: { message: statusText } };
}

describe("root error content", () => {
  it("renders a 403 as 'Åtkomst nekad' with the link 'Logga in som admin' to /admin", () => {
    render(
      <MemoryRouter>
        <ErrorContent error={routeError(403, "Forbidden")} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Åtkomst nekad" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Logga in som admin" }).getAttribute("href")).toBe("/admin");
  });

  it("keeps the 404 page and the generic error", () => {
    render(
      <MemoryRouter>
        <ErrorContent error={routeError(404, "Not Found")} />
        <ErrorContent error={new Error("boom")} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Sidan hittades inte" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
  });

  it("says an AppError no route's boundary took in its own Swedish words", () => {
    const thrown = appErrorPage(new AppError("conflict", { message: "Spelomgången är redan avslutad" }));
    render(
      <MemoryRouter>
        <ErrorContent error={{ status: 409, statusText: "Conflict", internal: false, data: thrown.data }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Spelomgången är redan avslutad" })).toBeTruthy();
    expect(screen.queryByText(/Unexpected/)).toBeNull();
  });

  it("renders a 503 as the Swedish outage page with a way to try the same address again", () => {
    render(
      <MemoryRouter initialEntries={["/quiz/goteborg?sida=2"]}>
        <ErrorContent error={routeError(503, "Service Unavailable")} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Quizkväll är tillfälligt otillgängligt." })).toBeTruthy();
    expect(screen.getByText("Försök igen om en stund.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Försök igen" }).getAttribute("href")).toBe(
      "/quiz/goteborg?sida=2",
    );
    expect(screen.queryByText(/Unexpected/)).toBeNull();
  });
});
