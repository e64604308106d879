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
          fieldErrors: { image: "Bilden är för stor. Största tillåtna storlek är 5 MB." },
          at: 1,
        }),
      ).toEqual({
        kind: "error",
        message: "Kunde inte ladda upp bild: Bilden är för stor. Största tillåtna storlek är 5 MB.",
      });
    }
    expect(
      editorToast({
        ok: false,
        intent: "add-question",
        error: "Filen är ingen bild",
        fieldErrors: { image: "Filen är ingen bild" },
        at: 1,
      }).message,
    ).toBe("Kunde inte ladda upp bild: Filen är ingen bild");
  });

  it("keeps the form's own prefix for other errors", () => {
    const titleMissing = {
      ok: false as const,
      intent: "create-quiz" as const,
      error: "Titel krävs",
      fieldErrors: { title: "Titel krävs" },
      at: 1,
    };
    expect(editorToast(titleMissing).message).toBe("Kunde inte skapa quiz: Titel krävs");
    // A message that merely reads like an upload's is not one unless the image field failed.
    expect(
      editorToast({
        ...titleMissing,
        error: "Bilden är för stor",
        fieldErrors: { title: "Bilden är för stor" },
      }).message,
    ).toBe("Kunde inte skapa quiz: Bilden är för stor");
  });
});
