import { createContext, type FormEvent, useCallback, useContext } from "react";
import { toast } from "~/components/ui/toast";

/** The upload limit of this install and the Swedish message for it (the same the event form gives). */
export type UploadLimit = { maxBytes: number; message: string };

export const UploadLimitContext = createContext<UploadLimit | null>(null);

/**
 * An onSubmit guard for the editor's forms: an image over the limit is refused before anything is sent,
 * with the upload prefix, and the form keeps everything typed (the server would refuse the body).
 */
export function useImageSizeGuard(): (event: FormEvent<HTMLFormElement>) => void {
  const limit = useContext(UploadLimitContext);
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!limit) return;
      for (const input of event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
        const file = input.files?.[0];
        if (file && file.size > limit.maxBytes) {
          event.preventDefault();
          toast.error(`Kunde inte ladda upp bild: ${limit.message}`);
          input.focus();
          return;
        }
      }
    },
    [limit],
  );
}
