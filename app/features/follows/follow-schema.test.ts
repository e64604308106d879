import { describe, expect, it } from "vitest";
import { followInputSchema } from "./follow-schema";

/** The address field of a follow, as the follow endpoint reads it. */
const emailSchema = followInputSchema.shape.email;

import { checkListSignupForm } from "./list-signup-check";

describe("the address of a follow", () => {
  it("is trimmed and lower-cased", () => {
    expect(emailSchema.parse("  Anna.Berg@Example.SE ")).toBe("anna.berg@example.se");
  });

  it("refuses anything but one plain address, in Swedish, in the browser's check as in the schema", () => {
    for (const bad of [
      "",
      "anna",
      "anna@",
      "a@b",
      "a b@example.se",
      "<a@example.se>",
      "a@example.se, b@example.se",
      "a@exa\u0000mple.se",
      `${"a".repeat(250)}@example.se`,
    ]) {
      const parsed = emailSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Ange en giltig e-postadress.");
      const form = new FormData();
      form.set("email", bad);
      expect(checkListSignupForm(form), bad).toEqual({ email: "Ange en giltig e-postadress." });
    }
    const good = new FormData();
    good.set("email", "  Anna.Berg@Example.SE ");
    expect(checkListSignupForm(good)).toBeNull();
    expect(checkListSignupForm(new FormData())).toEqual({ email: "Ange en giltig e-postadress." });
    expect(followInputSchema.safeParse({ eventId: "x", email: "a@example.se" }).success).toBe(false);
  });
});
