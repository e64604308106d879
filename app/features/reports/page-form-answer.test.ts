import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError, appErrorPage } from "~/lib/app-error";
import { UNAVAILABLE_MESSAGE } from "~/lib/unavailable";
import { answerOrFailure } from "./page-form-answer";

const FALLBACK = "Ett oväntat fel inträffade";

/** What the router's client throws for a response: the data of a thrown `data(…)`, or a plain body. */
function thrown(response: ReturnType<typeof data>) {
  return async () => {
    throw Object.assign(new Error("route error"), {
      status: response.init?.status,
      statusText: "",
      data: response.data,
      internal: false,
    });
  };
}

describe("answerOrFailure", () => {
  it("passes the action's own answer on", async () => {
    expect(await answerOrFailure(async () => ({ ok: true }), FALLBACK)).toEqual({ ok: true });
  });

  it("tells the site's own words for a refusal it threw, such as the event gone meanwhile", async () => {
    const gone = appErrorPage(new AppError("not-found", { message: "Eventet finns inte." }));
    const answer = await answerOrFailure(thrown(gone), FALLBACK);
    expect(answer).toEqual({ ok: false, fieldErrors: {}, formError: "Eventet finns inte.", values: {} });
  });

  it("says the site is down for the outage's plain 503, and the form's own words for anything else", async () => {
    const outage = await answerOrFailure(thrown(data("nere", { status: 503 })), FALLBACK);
    expect(outage.ok ? null : outage.formError).toBe(UNAVAILABLE_MESSAGE);
    const network = await answerOrFailure(async () => {
      throw new TypeError("Failed to fetch");
    }, FALLBACK);
    expect(network.ok ? null : network.formError).toBe(FALLBACK);
  });
});
