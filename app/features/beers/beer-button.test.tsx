// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createContext, useContext } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BeerButton, type BeerButtonProps } from "./beer-button";

/** The button on a page of its own (it reads the page's address and notice); rerender passes new props. */
const Props = createContext<BeerButtonProps | null>(null);
const Page = createRoutesStub([
  {
    path: "/",
    Component: () => {
      const props = useContext(Props);
      return props ? <BeerButton {...props} /> : null;
    },
  },
]);
function renderButton(props: BeerButtonProps) {
  const page = (next: BeerButtonProps) => (
    <Props.Provider value={next}>
      <Page />
    </Props.Provider>
  );
  const rendered = render(page(props));
  return { ...rendered, rerenderButton: (next: BeerButtonProps) => rendered.rerender(page(next)) };
}

/** A fetch whose answers the test sends, one request at a time, in the order it chooses. */
function controlledFetch() {
  const requests: { url: string; method: string; answer: (body: unknown) => void }[] = [];
  const fetch = vi.fn(
    (url: string, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        requests.push({
          url,
          method: init?.method ?? "GET",
          answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })),
        });
      }),
  );
  const waitFor = async (method: string, path: string) => {
    await vi.waitFor(() => {
      if (!requests.some((r) => r.method === method && r.url.startsWith(path))) throw new Error("not yet");
    });
    const found = requests.find((r) => r.method === method && r.url.startsWith(path));
    if (!found) throw new Error("no request");
    return found;
  };
  return { fetch, waitFor };
}

let server: ReturnType<typeof controlledFetch>;
beforeEach(() => {
  server = controlledFetch();
  vi.stubGlobal("fetch", server.fetch);
  localStorage.setItem("quizkvall_user_identifier", "visitor1");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = () => screen.getByRole("button", { name: /skåla för Fredagsquiz$/ });

describe("BeerButton", () => {
  it("shows a cooldown the status reports", async () => {
    renderButton({ eventId: "e1", eventTitle: "Fredagsquiz", count: 4 });
    expect(button().dataset.state).toBe("ready");
    const status = await server.waitFor("GET", "/api/beer-status");
    await act(async () => status.answer({ statuses: [{ eventId: "e1", remainingMinutes: 42, count: 5 }] }));
    expect(button().dataset.state).toBe("beered");
    expect(button().textContent).toContain("5");
  });

  it("keeps a skåla that was answered before an older status arrives", async () => {
    renderButton({ eventId: "e1", eventTitle: "Fredagsquiz", count: 4 });
    const status = await server.waitFor("GET", "/api/beer-status");
    // The visitor presses while the status is on the way; the skåla is answered first.
    fireEvent.click(button());
    const beer = await server.waitFor("POST", "/api/events/e1/beer");
    await act(async () => beer.answer({ status: "accepted", count: 5 }));
    expect(button().dataset.state).toBe("beered");
    // The status was read before the skåla was recorded: no cooldown then, and the old count.
    await act(async () => status.answer({ statuses: [{ eventId: "e1", remainingMinutes: 0, count: 4 }] }));
    expect(button().dataset.state).toBe("beered");
    expect(button().textContent).toContain("5");
  });

  it("never shows a lower count than it has shown, when an older count is passed in later", async () => {
    const { rerenderButton } = renderButton({ eventId: "e1", eventTitle: "Fredagsquiz", count: 4 });
    const status = await server.waitFor("GET", "/api/beer-status");
    await act(async () => status.answer({ statuses: [{ eventId: "e1", remainingMinutes: 30, count: 9 }] }));
    expect(button().textContent).toContain("9");
    rerenderButton({ eventId: "e1", eventTitle: "Fredagsquiz", count: 5 });
    expect(button().textContent).toContain("9");
    rerenderButton({ eventId: "e1", eventTitle: "Fredagsquiz", count: 12 });
    expect(button().textContent).toContain("12");
  });
});
