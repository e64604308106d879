/** CONTRACT: a fingerprint hash plus the time, both base 36. Browser-only. */
const VISITOR_ID_STORAGE_KEY = "quizkvall_user_identifier";

// Kept for the page's lifetime when localStorage is unavailable (private modes, blocked storage).
let memoryId: string | undefined;

export function getVisitorId(): string {
  const existing = readStored();
  if (existing) return existing;
  if (memoryId) return memoryId;
  const id = `${hashToBase36(collectFingerprint())}${Date.now().toString(36)}`;
  memoryId = id;
  try {
    window.localStorage.setItem(VISITOR_ID_STORAGE_KEY, id);
  } catch {
    // Storage refused: the in-memory identifier still serves this page view.
  }
  return id;
}

/**
 * The identifier this browser already has, or null: a read (has this visitor skålat?) needs no new one, and
 * making one renders a canvas, which a first visit's page load should not pay for.
 */
export function findVisitorId(): string | null {
  return readStored() ?? memoryId ?? null;
}

function readStored(): string | null {
  try {
    const value = window.localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    return value && /^[a-z0-9_-]{1,100}$/i.test(value) ? value : null;
  } catch {
    return null;
  }
}

function collectFingerprint(): string {
  return [
    navigator.userAgent,
    navigator.language,
    `${window.screen.width}x${window.screen.height}x${window.screen.colorDepth}`,
    String(new Date().getTimezoneOffset()),
    canvasRendering(),
  ].join("|");
}

function canvasRendering(): string {
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 200;
    canvas.height = 40;
    const context = canvas.getContext("2d");
    if (!context) return "no-canvas";
    context.textBaseline = "top";
    context.font = "16px Arial";
    context.fillStyle = "#f60";
    context.fillRect(100, 1, 62, 20);
    context.fillStyle = "#069";
    context.fillText("Quizkväll 🍻", 2, 15);
    context.fillStyle = "rgba(102, 204, 0, 0.7)";
    context.fillText("Quizkväll 🍻", 4, 17);
    return canvas.toDataURL();
  } catch {
    return "no-canvas";
  }
}

/** cyrb53, not cryptographic: it only needs to spread well. */
function hashToBase36(input: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
