import { describe, expect, it } from "vitest";
import { checkNewPassword, MIN_PASSWORD_LENGTH } from "./password-rules";

describe("checkNewPassword", () => {
  it("checks that both entries match before the length", () => {
    expect(checkNewPassword("abc", "abd")).toEqual({
      title: "Lösenorden matchar inte",
      description: "Kontrollera att båda lösenorden är identiska.",
    });
  });

  it("requires at least 6 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(checkNewPassword("12345", "12345")).toEqual({
      title: "Lösenordet är för kort",
      description: "Lösenordet måste vara minst 6 tecken långt.",
    });
    expect(checkNewPassword("123456", "123456")).toBeNull();
  });
});
