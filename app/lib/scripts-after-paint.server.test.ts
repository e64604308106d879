import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptsAfterPaintStream } from "./scripts-after-paint.server";

const MODULE = `import * as route0 from "/assets/root.js";\nwindow.__manifest = {"a":"</script><!--x"};`;
const DOCUMENT =
  `<!DOCTYPE html><html lang="sv"><head><meta charSet="utf-8"/>` +
  `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>` +
  `<link rel="modulepreload" href="/assets/root.js" nonce="abc"/><title>Åäö – Quizkväll</title></head>` +
  `<body><main><h1>Pubquiz i Göteborg</h1></main>` +
  `<script nonce="abc">window.__ctx = {};</script>` +
  `<script nonce="abc" type="module" async="">${MODULE.replace("</script><!--x", "\\u003c/script>")}</script>` +
  `<script nonce="abc">window.__ctx.close();</script></body></html>`;

function rewriteWhole(doc: string): Promise<string> {
  return text(Readable.from([Buffer.from(doc)]).pipe(scriptsAfterPaintStream(() => {})));
}

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect: () => void },
) => void;

/** Runs the boot script with a fake document (and Paint Timing, unless `paintTiming` is false). */
function runBoot(html: string, visibility: "visible" | "hidden", paintTiming = true) {
  const match = /<script nonce="abc">(\(function\(p,m\)[\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no boot script");
  const added: { tag: string; props: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const observers: PaintCallback[] = [];
  const element = (tag: string) => {
    const props: Record<string, string> = {};
    added.push({ tag, props });
    return props;
  };
  const parent = { appendChild: () => {} };
  const listeners = new Map<string, (event: unknown) => void>();
  const window: Record<string, unknown> = {};
  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(callback: PaintCallback) {
      observers.push(callback);
    }
    observe() {}
  }
  vm.runInNewContext(match[1] ?? "", {
    document: {
      currentScript: { nonce: "abc" },
      visibilityState: visibility,
      createElement: element,
      head: parent,
      body: parent,
      addEventListener: (type: string, listener: (event: unknown) => void, options: { capture: boolean }) => {
        expect(options.capture).toBe(true);
        listeners.set(type, listener);
      },
      removeEventListener: (type: string, listener: unknown, capture: boolean) => {
        if (capture && listeners.get(type) === listener) listeners.delete(type);
      },
    },
    window,
    PerformanceObserver: paintTiming ? FakeObserver : undefined,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  });
  const paint = (name: string) => {
    for (const callback of observers)
      callback({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect: () => {} });
  };
  /** An event the visitor causes, on an element with `closest` (a click's target); true when prevented. */
  const dispatch = (type: string, target?: unknown) => {
    let prevented = false;
    listeners.get(type)?.({ type, target, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { added, frames, timers, paint, dispatch, listeners, window };
}

/** A click target inside a button of that type; `closest` finds the button as the browser would. */
function buttonTarget(type: string, disabled = false, attributes: string[] = []) {
  const button = { type, disabled, hasAttribute: (name: string) => attributes.includes(name) };
  return { button, target: { closest: (selector: string) => (selector === "button" ? button : null) } };
}

describe("scripts after the first paint", () => {
  it("takes the modulepreloads out of the head and boots the same module from an inline script", async () => {
    const out = await rewriteWhole(DOCUMENT);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module" async');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"');
    expect(out).toContain("<h1>Pubquiz i Göteborg</h1>");
    expect(out).toContain('<script nonce="abc">window.__ctx.close();</script></body></html>');
    // Nothing inside the boot script can close it early.
    const boot = out.slice(out.indexOf("(function(p,m)"));
    expect(boot.slice(0, boot.indexOf("</script>"))).not.toMatch(/<\/script|<!--/i);
  });

  it("adds the preloads and runs the module once the first contentful paint is reported, once", async () => {
    const { added, timers, paint } = runBoot(await rewriteWhole(DOCUMENT), "visible");
    expect(added).toEqual([]);
    paint("first-paint");
    expect(added).toEqual([]);
    paint("first-contentful-paint");
    expect(added.map((a) => [a.tag, a.props.rel ?? a.props.type, a.props.href ?? a.props.nonce])).toEqual([
      ["link", "modulepreload", "/assets/entry.client.js"],
      ["link", "modulepreload", "/assets/root.js"],
      ["script", "module", "abc"],
    ]);
    expect(added.slice(0, 2).map((a) => a.props.fetchPriority)).toEqual(["low", "low"]);
    expect(added[2]?.props.textContent).toBe(MODULE.replace("</script><!--x", "\\u003c/script>"));
    // The fallback timer finds the boot done.
    for (const timer of timers) timer.run();
    expect(added).toHaveLength(3);
  });

  it("boots after two seconds when no contentful paint is reported", async () => {
    const { added, timers } = runBoot(await rewriteWhole(DOCUMENT), "visible");
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers[0]?.run();
    expect(added.map((a) => a.tag)).toEqual(["link", "link", "script"]);
  });

  it("without Paint Timing, boots in the task after the next frame", async () => {
    const { added, frames, timers } = runBoot(await rewriteWhole(DOCUMENT), "visible", false);
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]);
    timers.shift()?.run();
    expect(added.map((a) => a.tag)).toEqual(["link", "link", "script"]);
  });

  it("boots at once in a page that is not visible, which paints nothing", async () => {
    const { added, frames } = runBoot(await rewriteWhole(DOCUMENT), "hidden");
    expect(frames).toEqual([]);
    expect(added.map((a) => a.tag)).toEqual(["link", "link", "script"]);
  });

  it("boots at once when the visitor acts before the first paint, and lets the act go on as it is", async () => {
    for (const type of ["pointerdown", "touchstart", "keydown", "click"]) {
      const { added, paint, dispatch, listeners } = runBoot(await rewriteWhole(DOCUMENT), "visible");
      // The act is not held: a link or form without its code works as it does without JavaScript.
      expect(dispatch(type, buttonTarget("submit").target)).toBe(false);
      expect(added.map((a) => a.tag)).toEqual(["link", "link", "script"]);
      expect(listeners.size).toBe(0);
      paint("first-contentful-paint");
      expect(added).toHaveLength(3);
    }
  });

  it("gives the same document however the stream is cut, multi-byte letters included", async () => {
    const whole = await rewriteWhole(DOCUMENT);
    const bytes = Buffer.from(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut, cut + 13), bytes.subarray(cut + 13)];
      const stream = Readable.from(chunks).pipe(scriptsAfterPaintStream(() => {}));
      expect(await text(stream)).toBe(whole);
    }
  });

  it("leaves a document without a module script as it was, and tells when it has ended", async () => {
    const plain = "<html><body><p>Sidan finns inte.</p></body></html>";
    let ended = false;
    const stream = Readable.from([Buffer.from(plain)]).pipe(
      scriptsAfterPaintStream(() => {
        ended = true;
      }),
    );
    expect(await text(stream)).toBe(plain);
    expect(ended).toBe(true);
  });
});
