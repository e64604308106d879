import { discardUploadedImage, saveUploadedImage, uploadLimitMessage } from "~/features/images/public.server";
import { FORM_OVERHEAD_BYTES } from "~/lib/body-limits";
import { getEnv } from "~/lib/env.server";
import { jsonError } from "~/lib/http.server";
import { type EventFormInput, readEventForm } from "./event-form-rules";

export type ParsedEventRequest =
  | { ok: true; input: EventFormInput; imageUrl: string | null; discardImage: () => Promise<void> }
  | { ok: false; response: Response };

function refuse(status: number, error: string, extra: Record<string, unknown> = {}) {
  return { ok: false as const, response: jsonError(status, error, extra) };
}

/**
 * Reads and validates an event form post, then stores its image. The image is written only after every
 * field has passed, so a refused post leaves nothing behind; `discardImage` undoes the upload when the
 * database write fails afterwards.
 */
export async function parseEventRequest(request: Request): Promise<ParsedEventRequest> {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes + FORM_OVERHEAD_BYTES) {
    return refuse(413, uploadLimitMessage(maxBytes), { field: "image" });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, "Formuläret kunde inte läsas");
  }
  const parsed = readEventForm(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(400, issue?.message ?? "Ogiltiga uppgifter", { field: String(issue?.path[0] ?? "") });
  }
  const image = form.get("image");
  if (image !== null && typeof image !== "string" && image.size > 0) {
    const saved = await saveUploadedImage(image, "event-images");
    if (!saved.ok) return refuse(saved.unavailable ? 503 : 400, saved.error, { field: "image" });
    return {
      ok: true,
      input: parsed.data,
      imageUrl: saved.url,
      discardImage: () => discardUploadedImage(saved.url),
    };
  }
  return { ok: true, input: parsed.data, imageUrl: null, discardImage: async () => {} };
}
