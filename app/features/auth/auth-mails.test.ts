import { describe, expect, it } from "vitest";
import { resetCodeMail, resetLinkUrl, resetMail, welcomeMail } from "./auth-mails";

describe("auth mails", () => {
  it("builds the reset link to /admin with token_hash and type=recovery", () => {
    expect(resetLinkUrl("https://quizkvall.se", "abc_DEF-123")).toBe(
      "https://quizkvall.se/admin?token_hash=abc_DEF-123&type=recovery",
    );
  });

  it("puts the link and the code in both the text and the HTML part, escaped in HTML", () => {
    const link = "https://quizkvall.se/admin?token_hash=t&type=recovery";
    const mail = resetMail(link, "123456");
    expect(mail.subject).toBe("Återställ ditt lösenord på Quizkväll");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("123456");
    expect(mail.html).toContain("token_hash=t&amp;type=recovery");
    expect(mail.html).toContain("123456");
    expect(mail.html).toContain('lang="sv"');
    expect(mail.link).toBe(link);
  });

  it("writes the code-only and welcome mails in Swedish", () => {
    expect(resetCodeMail("654321").text).toContain("Din engångskod är: 654321");
    const welcome = welcomeMail("https://quizkvall.se");
    expect(welcome.text).toContain("Kontakta administratören");
    expect(welcome.link).toBe("https://quizkvall.se/admin");
    const admin = welcomeMail("https://quizkvall.se", { admin: true });
    expect(admin.text).not.toContain("adminrättigheter");
    expect(admin.html).not.toContain("adminrättigheter");
    expect(admin.text).toContain("Kontot är administratör");
  });
});
