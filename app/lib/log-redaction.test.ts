import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

const SECRET = "hemligNyckel_0123456789abcdefghijklmnop";
const R = "[redacted]";

describe("redactUrl", () => {
  it("hides the secret segment of every token route, and keeps the rest", () => {
    expect(redactUrl(`/utskick/${SECRET}`)).toBe(`/utskick/${R}`);
    expect(redactUrl(`/utskick/bekrafta/${SECRET}`)).toBe(`/utskick/bekrafta/${R}`);
    expect(redactUrl(`/utskick/avsluta/${SECRET}`)).toBe(`/utskick/avsluta/${R}`);
    expect(redactUrl(`/quizvard/stammer/${SECRET}?svar=ja`)).toBe(`/quizvard/stammer/${R}?svar=ja`);
    expect(redactUrl(`/mina-quiz/${SECRET}/kalender.ics`)).toBe(`/mina-quiz/${R}/kalender.ics`);
    expect(redactUrl(`/api/my-quizzes/${SECRET}`)).toBe(`/api/my-quizzes/${R}`);
  });

  it("hides it in React Router's data requests, with a trailing slash and in any letter case", () => {
    expect(redactUrl(`/utskick/${SECRET}.data?_routes=x`)).toBe(`/utskick/${R}.data?_routes=x`);
    expect(redactUrl(`/utskick/avsluta/${SECRET}/`)).toBe(`/utskick/avsluta/${R}/`);
    expect(redactUrl(`/Utskick/Bekrafta/${SECRET}`)).toBe(`/Utskick/Bekrafta/${R}`);
  });

  it("leaves other paths alone, the fixed page beside a token route included", () => {
    for (const path of [
      "/",
      "/utskick/ny",
      "/utskick/ny.data",
      "/quiz/goteborg/ölstugan-tisdag",
      "/quiz/goteborg/ölstugan/kalender.ics",
      "/images/events/abc.webp",
      "/quizvard/3f1e2d4c-0000-4000-8000-000000000000",
      "/utskick/avsluta/x/y",
    ]) {
      expect(redactUrl(path)).toBe(path);
    }
  });

  it("hides the values of token, code, otp, key and nara parameters, wherever they stand", () => {
    expect(redactUrl(`/api/auth/magic-link/verify?token=${SECRET}&callbackURL=%2Fquizvard`)).toBe(
      `/api/auth/magic-link/verify?token=${R}&callbackURL=%2Fquizvard`,
    );
    expect(redactUrl(`/quizvard?token=${SECRET}`)).toBe(`/quizvard?token=${R}`);
    expect(redactUrl(`/admin?token_hash=${SECRET}&type=recovery`)).toBe(
      `/admin?token_hash=${R}&type=recovery`,
    );
    expect(redactUrl(`/admin?code=123456&otp=654321&KEY=${SECRET}`)).toBe(
      `/admin?code=${R}&otp=${R}&KEY=${R}`,
    );
    expect(redactUrl("/?nara=57.7089%2C11.9746&stad=goteborg")).toBe(`/?nara=${R}&stad=goteborg`);
    expect(redactUrl(`/x?access_token=${SECRET}&a&b=`)).toBe(`/x?access_token=${R}&a&b=`);
    expect(redactUrl("/quiz/goteborg?dag=tisdag&sida=2")).toBe("/quiz/goteborg?dag=tisdag&sida=2");
  });

  it("hides secrets in a link carried inside another, and in the fragment", () => {
    const inner = encodeURIComponent(`/utskick/${SECRET}?token=${SECRET}`);
    const redacted = redactUrl(`/admin?next=${inner}`);
    expect(redacted).not.toContain(SECRET);
    expect(decodeURIComponent(redacted)).toBe(`/admin?next=/utskick/${R}?token=${R}`);
    expect(redactUrl(`/quizvard#access_token=${SECRET}&x=1`)).toBe(`/quizvard#access_token=${R}&x=1`);
    expect(redactUrl("/integritet#kakor")).toBe("/integritet#kakor");
  });

  it("keeps the origin of an absolute link and hides a password in it", () => {
    expect(redactUrl(`https://quizkvall.se/utskick/bekrafta/${SECRET}`)).toBe(
      `https://quizkvall.se/utskick/bekrafta/${R}`,
    );
    expect(redactUrl(`http://localhost:3000/admin?token_hash=${SECRET}&type=recovery`)).toBe(
      `http://localhost:3000/admin?token_hash=${R}&type=recovery`,
    );
    expect(redactUrl("smtp://user:losen@mail.example:587")).toBe(`smtp://${R}@mail.example:587`);
  });

  it("copes with broken escapes and odd input without throwing", () => {
    expect(redactUrl("/utskick/%E0%A4%A")).toBe(`/utskick/${R}`);
    expect(redactUrl("/x?%E0%A4%A=1&token=%")).toBe(`/x?%E0%A4%A=1&token=${R}`);
    expect(redactUrl("")).toBe("");
    expect(redactUrl(R)).toBe(R);
  });
});
