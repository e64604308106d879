import { createContext, type FormEvent, useCallback, useContext } from "react";

/** The upload limit of this install and the Swedish message for it. */
export type UploadLimit = { maxBytes: number; message: string };

/** Given by a page whose forms upload images (its loader reads the limit); without it nothing is checked. */
export const UploadLimitContext = createContext<UploadLimit | null>(null);

/** An onSubmit guard for a form with image inputs: a file over the limit is refused before anything is sent (the server would refuse the whole body before the action sees it), so the form keeps everything typed. */
export function useImageSizeGuard(
  onRefused: (message: string) => void,
): (event: FormEvent<HTMLFormElement>) => void {
  const limit = useContext(UploadLimitContext);
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!limit) return;
      for (const input of event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
        const file = input.files?.[0];
        if (file && file.size > limit.maxBytes) {
          event.preventDefault();
          onRefused(limit.message);
          input.focus();
          return;
        }
      }
    },
    [limit, onRefused],
  );
}
