import { discardUploadedImage, saveUploadedImage } from "~/features/images/public.server";
import { AppError, appErrorJson } from "~/lib/app-error";
import { fieldErrorsOf } from "~/lib/form-errors";
import { type EventFormInput, readEventForm } from "./event-form-schema";

/** A refused post: its message is what the JSON endpoints answer, beside the field it is about. */
export type EventPostFailure = { ok: false; error: AppError };

export type ParsedEventForm =
  | { ok: true; input: EventFormInput; imageUrl: string | null; discardImage: () => Promise<void> }
  | EventPostFailure;

export type ParsedEventRequest =
  | Extract<ParsedEventForm, { ok: true }>
  | (EventPostFailure & { response: Response });

function refuse(error: AppError): EventPostFailure {
  return { ok: false, error };
}

/**
 * The form data of an event post. (A body larger than any allowed image never gets here: the server refuses
 * it while reading, and the form refuses such a file before posting.)
 */
export async function readEventPostBody(request: Request): Promise<FormData | EventPostFailure> {
  try {
    return await request.formData();
  } catch {
    return refuse(new AppError("bad-request", { message: "Formuläret kunde inte läsas" }));
  }
}

/**
 * Validates an event form with the schema the browser uses, then stores its image. The image is written only
 * after every field has passed, so a refused post leaves nothing behind; `discardImage` undoes the upload
 * when the database write fails afterwards.
 */
export async function parseEventForm(form: FormData): Promise<ParsedEventForm> {
  const parsed = readEventForm(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? "Ogiltiga uppgifter";
    const field = String(issue?.path[0] ?? "");
    return refuse(new AppError("bad-request", { message, field, fieldErrors: fieldErrorsOf(parsed.error) }));
  }
  const image = form.get("image");
  if (image !== null && typeof image !== "string" && image.size > 0) {
    const saved = await saveUploadedImage(image, "event-images");
    if (!saved.ok)
      return refuse(
        new AppError(saved.unavailable ? "unavailable" : "bad-request", {
          message: saved.error,
          field: "image",
        }),
      );
    return {
      ok: true,
      input: parsed.data,
      imageUrl: saved.url,
      discardImage: () => discardUploadedImage(saved.url),
    };
  }
  return { ok: true, input: parsed.data, imageUrl: null, discardImage: async () => {} };
}

/** The JSON endpoints' reading of an event post: a refusal comes with its JSON answer ({ error, field? }). */
export async function parseEventRequest(request: Request): Promise<ParsedEventRequest> {
  const body = await readEventPostBody(request);
  const parsed = body instanceof FormData ? await parseEventForm(body) : body;
  if (parsed.ok) return parsed;
  return { ...parsed, response: appErrorJson(parsed.error) };
}
