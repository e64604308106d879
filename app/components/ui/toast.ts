import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * Toasts with sonner's API, without sonner in the first page load: the first toast loads sonner and
 * mounts the site's Toaster (SiteToaster in root), then shows. Later toasts show at once.
 */
type SonnerToast = typeof sonnerToast;
type Message = Parameters<SonnerToast>[0];

let requestToaster: (() => void) | null = null;
let isToasterRequested = false;
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});
let sonner: Promise<SonnerToast> | null = null;

function show(call: (toast: SonnerToast) => void) {
  if (!isToasterRequested) {
    isToasterRequested = true;
    requestToaster?.();
  }
  sonner ??= toasterReady.then(() => import("sonner")).then((m) => m.toast);
  void sonner.then(call);
}

/** SiteToaster subscribes here; it is told at once when a toast was asked for before it mounted. */
export function onToasterRequested(mount: () => void): () => void {
  requestToaster = mount;
  if (isToasterRequested) mount();
  return () => {
    if (requestToaster === mount) requestToaster = null;
  };
}

/** Called once the Toaster listens, so no toast is published before it can be shown. */
export function toasterIsReady() {
  markToasterReady();
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show((t) => t(message, data)),
  {
    success: (message: Message, data?: ExternalToast) => show((t) => t.success(message, data)),
    error: (message: Message, data?: ExternalToast) => show((t) => t.error(message, data)),
  },
);
