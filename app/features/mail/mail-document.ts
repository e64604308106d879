import { escapeHtml } from "~/lib/html";

/** Every mail's HTML frame: the Quizkväll card with its heading; `content` is the HTML below the heading, already escaped by the caller. */
export function mailDocument(heading: string, content: string): string {
  return `<!doctype html>
<html lang="sv">
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
    <p style="margin:0 0 16px;font-weight:700;color:#b45309">Quizkväll</p>
    <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
    ${content}
  </div>
</body>
</html>`;
}
