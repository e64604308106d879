import type { ReactNode } from "react";
import { CONFIRMED_TODAY_TEXT } from "~/features/events/public";
import type { Widget } from "./widget";

// The whole look in one small sheet: the widget loads no other file, runs no script and follows the
// visitor's light or dark setting.
const STYLE = `
:root{color-scheme:light dark;--fg:#1c1917;--muted:#57534e;--line:#e7e5e4;--bg:#fff;--brand:#9a3412;--off:#b91c1c;--ok:#166534}
@media (prefers-color-scheme:dark){:root{--fg:#f5f5f4;--muted:#a8a29e;--line:#44403c;--bg:#1c1917;--brand:#fdba74;--off:#fca5a5;--ok:#86efac}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{padding:12px 14px;max-width:420px}
.brand{margin:0;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--brand)}
h1{margin:2px 0 0;font-size:18px;line-height:1.25}
.place{margin:2px 0 8px;color:var(--muted)}
ul{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
li{padding:6px 0;border-bottom:1px solid var(--line)}
.off .when{text-decoration:line-through;color:var(--muted)}
.tag{font-weight:600;color:var(--off)}
.ok{font-weight:600;color:var(--ok)}
.note{display:block;font-size:13px;color:var(--muted)}
a{color:inherit}
.more{display:inline-block;margin-top:10px;font-weight:600;color:var(--brand)}
`;

function WidgetPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

/** An event's next nights, framed on the venue's own site; every link opens Quizkväll in a new tab. */
export function WidgetDocument({ widget, origin }: { widget: Widget; origin: string }) {
  const href = `${origin}${widget.path}`;
  return (
    <WidgetPage title={`${widget.title} – Quizkväll`}>
      <p className="brand">Quizkväll</p>
      <h1>
        <a href={href} target="_blank" rel="noopener">
          {widget.title}
        </a>
      </h1>
      <p className="place">
        {widget.location}, {widget.city}
      </p>
      {widget.nights.length ? (
        <ul aria-label="Kommande kvällar">
          {widget.nights.map((night) => (
            <li key={night.date} className={night.cancelled ? "off" : undefined}>
              <span className="when">{night.label}</span>
              {night.cancelled && <span className="tag"> Inställt</span>}
              {night.confirmedToday && <span className="ok"> · {CONFIRMED_TODAY_TEXT}</span>}
              {night.note && <span className="note">{night.note}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p>Inga kommande kvällar just nu.</p>
      )}
      <a className="more" href={href} target="_blank" rel="noopener">
        Se quizet på Quizkväll
      </a>
    </WidgetPage>
  );
}

/** An address that names no current quiz: the framed page still says so in Swedish. */
export function WidgetGone({ origin }: { origin: string }) {
  return (
    <WidgetPage title="Quizet finns inte – Quizkväll">
      <p className="brand">Quizkväll</p>
      <p>Quizet finns inte längre på Quizkväll.</p>
      <a className="more" href={origin} target="_blank" rel="noopener">
        Hitta ett quiz
      </a>
    </WidgetPage>
  );
}
