import { describe, expect, it } from "vitest";
import { existingAccountMail, forgotPasswordUrl } from "./auth-mails";

describe("the mail about a sign-up with a taken address", () => {
  it("links to the forgot-password mode and claims no new account", () => {
    const link = forgotPasswordUrl("https://quiz.example.se");
    expect(link).toBe("https://quiz.example.se/admin?mode=forgot");
    const mail = existingAccountMail(link);
    expect(mail.subject).toBe("Någon försökte skapa ett konto med din adress");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Inget nytt konto skapades");
    expect(mail.html).toContain('href="https://quiz.example.se/admin?mode=forgot"');
  });
});
