import { describe, expect, it } from "vitest";
import { getAuth } from "~/features/auth/auth.server";
import { getEnv } from "~/lib/env.server";
import { action } from "~/routes/admin/admin";
import { signUp } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";

type Refusal = {
  data: { intent: string; problem: { title: string; description: string } };
  init: { status: number };
};

/** The admin page's sign-in form as a browser without JavaScript posts it. */
function postSignIn(fields: Record<string, string>, options: { ip?: string; origin?: string } = {}) {
  const origin = getEnv().publicUrl;
  return callRoute<Response | Refusal>(
    action,
    new Request(`${origin}/admin`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: options.origin ?? origin,
        "x-quizkvall-client-ip": options.ip ?? "203.0.113.40",
      },
      body: new URLSearchParams({ intent: "sign-in", ...fields }),
    }),
  );
}

function refusal(answer: Response | Refusal): { status: number; description: string } {
  if (answer instanceof Response) throw new Error(`expected a refusal, got ${answer.status}`);
  expect(answer.data.problem.title).toBe("Inloggning misslyckades");
  return { status: answer.init.status, description: answer.data.problem.description };
}

describe("the admin page's sign-in form", () => {
  it("signs in with the session's cookie and a redirect back to /admin", async () => {
    await signUp("formen@example.se", "hemligt1");
    const answer = await postSignIn({ email: "formen@example.se", password: "hemligt1" });
    if (!(answer instanceof Response)) throw new Error("expected a redirect");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    const cookie = answer.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe("formen@example.se");
  });

  it("says in Swedish what is missing or wrong, and the lockout applies as on the endpoint", async () => {
    expect(refusal(await postSignIn({ email: "formen2@example.se", password: "" }))).toEqual({
      status: 400,
      description: "Ange både e-post och lösenord.",
    });
    await signUp("formen2@example.se", "hemligt1");
    for (let i = 0; i < 5; i++) {
      expect(
        refusal(await postSignIn({ email: "formen2@example.se", password: "fel" }, { ip: "192.0.2.90" })),
      ).toEqual({ status: 401, description: "Fel e-post eller lösenord." });
    }
    const locked = refusal(
      await postSignIn({ email: "formen2@example.se", password: "hemligt1" }, { ip: "192.0.2.90" }),
    );
    expect(locked.status).toBe(429);
    expect(locked.description).toMatch(/^För många inloggningsförsök\. Försök igen om \d+ minuter\.$/);
  });

  it("answers a body that is no form with a refusal, not a 500", async () => {
    const origin = getEnv().publicUrl;
    for (const method of ["POST", "PATCH", "DELETE"]) {
      const answer = await callRoute<Response | Refusal>(
        action,
        new Request(`${origin}/admin`, {
          method,
          headers: { "content-type": "application/json", origin },
          body: '{"intent":"sign-in"',
        }),
      );
      const status = answer instanceof Response ? answer.status : answer.init.status;
      expect(status, method).toBeGreaterThanOrEqual(400);
      expect(status, method).toBeLessThan(500);
    }
  });

  it("refuses a post from another site", async () => {
    const answer = await postSignIn(
      { email: "formen@example.se", password: "hemligt1" },
      { origin: "https://annan.example" },
    );
    expect(answer instanceof Response && answer.status).toBe(403);
  });
});
