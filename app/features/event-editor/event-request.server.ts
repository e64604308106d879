import { discardUploadedImage, saveUploadedImage } from "~/features/images/public.server";
import { type FieldErrors, fieldErrorsOf } from "~/lib/form-errors";
import { jsonError } from "~/lib/http.server";
import { type EventFormInput, readEventForm } from "./event-form-schema";

export type EventPostFailure = {
  ok: false;
  status: number;
  /** The first message: what the JSON endpoints answer. */
  error: string;
  fieldErrors: FieldErrors;
  /** The field the JSON endpoints name beside the message, when there is one. */
  field?: string;
};

export type ParsedEventForm =
  | { ok: true; input: EventFormInput; imageUrl: string | null; discardImage: () => Promise<void> }
  | EventPostFailure;

export type ParsedEventRequest =
  | Extract<ParsedEventForm, { ok: true }>
  | (EventPostFailure & { response: Response });

function refuse(status: number, error: string, field?: string): EventPostFailure {
  return { ok: false, status, error, fieldErrors: field ? { [field]: error } : {}, field };
}

/**
 * The form data of an event post. (A body larger than any allowed image never gets here: the server refuses
 * it while reading, and the form refuses such a file before posting.)
 */
export async function readEventPostBody(request: Request): Promise<FormData | EventPostFailure> {
  try {
    return await request.formData();
  } catch {
    return refuse(400, "Formuläret kunde inte läsas");
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
    const fieldErrors = fieldErrorsOf(parsed.error);
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      status: 400,
      error: issue?.message ?? "Ogiltiga uppgifter",
      fieldErrors,
      field: String(issue?.path[0] ?? ""),
    };
  }
  const image = form.get("image");
  if (image !== null && typeof image !== "string" && image.size > 0) {
    const saved = await saveUploadedImage(image, "event-images");
    if (!saved.ok) return refuse(saved.unavailable ? 503 : 400, saved.error, "image");
    return {
      ok: true,
      input: parsed.data,
      imageUrl: saved.url,
      discardImage: () => discardUploadedImage(saved.url),
    };
  }
  return { ok: true, input: parsed.data, imageUrl: null, discardImage: async () => {} };
}

/** The JSON endpoints' reading of an event post: a refusal comes with its JSON answer ({ error, field }). */
export async function parseEventRequest(request: Request): Promise<ParsedEventRequest> {
  const body = await readEventPostBody(request);
  const parsed = body instanceof FormData ? await parseEventForm(body) : body;
  if (parsed.ok) return parsed;
  const extra = parsed.field === undefined ? {} : { field: parsed.field };
  return { ...parsed, response: jsonError(parsed.status, parsed.error, extra) };
}
