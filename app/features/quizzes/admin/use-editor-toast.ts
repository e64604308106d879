import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";
import type { EditorActionResult } from "../editor-actions.server";
import { editorToast } from "../editor-messages";

/** Shows each editor result once (results carry a timestamp, so two equal outcomes both toast). */
export function useEditorToast(
  result: EditorActionResult | undefined,
  onSuccess?: (r: EditorActionResult) => void,
) {
  const shown = useRef<number | null>(null);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;
  useEffect(() => {
    if (!result || shown.current === result.at) return;
    shown.current = result.at;
    const { kind, message } = editorToast(result);
    if (kind === "success") {
      toast.success(message);
      callback.current?.(result);
    } else toast.error(message);
  }, [result]);
}

/** An image the browser refused for its size gets the upload prefix, as the server's refusal would. */
export const toastImageTooLarge = (message: string) => toast.error(`Kunde inte ladda upp bild: ${message}`);
