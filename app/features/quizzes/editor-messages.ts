import { firstErrorOf } from "~/lib/form-errors";
import type { EditorActionResult, EditorIntent } from "./editor-actions.server";

/** The editor's success toasts and the failure prefixes each followed by the server's message. */
const SUCCESS: Record<EditorIntent, string> = {
  "create-quiz": "Quiz skapad",
  "update-quiz": "Quiz uppdaterat",
  "add-question": "Fråga tillagd",
  "update-question": "Fråga uppdaterad",
  "delete-question": "Fråga raderad",
  "move-question": "Ordningen har ändrats",
};

const FAILURE: Record<EditorIntent | "unknown", string> = {
  "create-quiz": "Kunde inte skapa quiz: ",
  "update-quiz": "Kunde inte uppdatera quiz: ",
  "add-question": "Kunde inte lägga till fråga: ",
  "update-question": "Kunde inte uppdatera fråga: ",
  "delete-question": "Kunde inte radera fråga: ",
  "move-question": "Kunde inte flytta fråga: ",
  unknown: "Fel: ",
};

export function editorToast(result: EditorActionResult): { kind: "success" | "error"; message: string } {
  if (result.ok) return { kind: "success", message: SUCCESS[result.intent] };
  // Upload problems get the upload prefix, whichever form they came from: the action names the field.
  const message = firstErrorOf(result) ?? "";
  if (result.fieldErrors.image) return { kind: "error", message: `Kunde inte ladda upp bild: ${message}` };
  return { kind: "error", message: `${FAILURE[result.intent]}${message}` };
}
