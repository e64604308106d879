import { readEventForm } from "~/features/event-editor/event-form-schema";

/** A FormData of plain fields, as a browser posts a form without files. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** A posted event form with one weekday, read as the editor's action reads it; refused fields throw. */
export function eventFormInput(fields: {
  title: string;
  scheduleWeekday: string;
  city: string;
  location: string;
}) {
  const read = readEventForm(
    formData({ scheduleTime: "19:00", quizType: "Quiz", maxPersonsPerTeam: "6", ...fields }),
  );
  if (!read.success) throw new Error(read.error.message);
  return read.data;
}
