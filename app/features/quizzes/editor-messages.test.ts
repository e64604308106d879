import { describe, expect, it } from "vitest";
import { editorToast } from "./editor-messages";

describe("editorToast", () => {
  it("prefixes the upload module's messages with 'Kunde inte ladda upp bild: ', whichever form failed", () => {
    for (const intent of ["create-quiz", "update-quiz", "add-question"] as const) {
      expect(
        editorToast({
          ok: false,
          intent,
          fieldErrors: { image: "Bilden är för stor. Största tillåtna storlek är 5 MB." },
          formError: null,
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
        fieldErrors: { image: "Filen är ingen bild" },
        formError: null,
        at: 1,
      }).message,
    ).toBe("Kunde inte ladda upp bild: Filen är ingen bild");
  });

  it("keeps the form's own prefix for other errors", () => {
    const titleMissing = {
      ok: false as const,
      intent: "create-quiz" as const,
      fieldErrors: { title: "Titel krävs" },
      formError: null,
      at: 1,
    };
    expect(editorToast(titleMissing).message).toBe("Kunde inte skapa quiz: Titel krävs");
    // A message that merely reads like an upload's is not one unless the image field failed.
    expect(
      editorToast({
        ...titleMissing,
        fieldErrors: { title: "Bilden är för stor" },
      }).message,
    ).toBe("Kunde inte skapa quiz: Bilden är för stor");
    // A refusal no field caused is said in the form's one line.
    expect(
      editorToast({
        ...titleMissing,
        intent: "update-quiz",
        fieldErrors: {},
        formError: "Quizet hittades inte",
      }).message,
    ).toBe("Kunde inte uppdatera quiz: Quizet hittades inte");
  });
});
