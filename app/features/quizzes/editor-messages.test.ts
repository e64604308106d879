import { describe, expect, it } from "vitest";
import { editorToast } from "./editor-messages";

describe("editorToast", () => {
  it("prefixes the upload module's messages with 'Kunde inte ladda upp bild: ', whichever form failed", () => {
    for (const intent of ["create-quiz", "update-quiz", "add-question"] as const) {
      expect(
        editorToast({
          ok: false,
          intent,
          error: "Bilden är för stor. Största tillåtna storlek är 5 MB.",
          at: 1,
        }),
      ).toEqual({
        kind: "error",
        message: "Kunde inte ladda upp bild: Bilden är för stor. Största tillåtna storlek är 5 MB.",
      });
    }
    expect(
      editorToast({ ok: false, intent: "add-question", error: "Filen är ingen bild", at: 1 }).message,
    ).toBe("Kunde inte ladda upp bild: Filen är ingen bild");
  });

  it("keeps the form's own prefix for other errors", () => {
    expect(editorToast({ ok: false, intent: "create-quiz", error: "Titel krävs", at: 1 }).message).toBe(
      "Kunde inte skapa quiz: Titel krävs",
    );
  });
});
