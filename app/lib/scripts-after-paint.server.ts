import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// A server-rendered page is complete without its scripts: the first paint needs the document, the
// stylesheet and the first image. React Router's document asks for every module at once (modulepreload
// links in the head, a module script at the end of the body), so on a phone's narrow link the scripts
// compete with what the first paint needs. This stream moves the whole boot to just after the first
// contentful paint: the modulepreload links leave the head, and the module script becomes a small inline
// script that, once the browser has painted, adds the same preloads and runs the same module (decision 048).

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
const SCRIPT_END = "</script>";

/** JSON for a string inside an inline script: `<` is escaped so no `</script>` or `<!--` can appear. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

/** At the latest, the boot starts this long after the document has been parsed (a page that paints no text). */
const BOOT_FALLBACK_MS = 2_000;

/** What counts as the visitor acting before the code is there: each starts the boot at once. */
const EARLY_ACTS = ["pointerdown", "touchstart", "keydown", "click"];

/**
 * The boot, as an inline classic script: once the browser reports the first contentful paint (Paint Timing,
 * which reports it after the frame is on screen), or after the next frame where Paint Timing is missing, or
 * at once when the page is not visible (a background tab paints nothing), it adds the modulepreload links
 * (at low priority: an image still loading for the first screen goes first) and runs the module script
 * with the document's nonce. It boots once, whichever comes first.
 *
 * A press, touch or key before then boots at once: the visitor is using the page. Nothing is held or
 * replayed: links and forms work meanwhile as they do without JavaScript.
 */
function bootAfterPaint(preloads: string[], moduleSource: string): string {
  return (
    `(function(p,m){var d=document,c=d.currentScript,n=c&&c.nonce,b=0;` +
    `function go(){if(b)return;b=1;p.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.fetchPriority="low";l.href=h;d.head.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=m;d.body.appendChild(s)}` +
    `function a(){${inlineJson(EARLY_ACTS)}.forEach(function(y){d.removeEventListener(y,a,true)});go()}` +
    `${inlineJson(EARLY_ACTS)}.forEach(function(y){d.addEventListener(y,a,{capture:true,passive:true})});` +
    `if(d.visibilityState!=="visible")return go();` +
    `var O=typeof PerformanceObserver==="function"&&PerformanceObserver,t=O&&O.supportedEntryTypes||[];` +
    `if(t.indexOf("paint")<0)return requestAnimationFrame(function(){setTimeout(go,0)});` +
    `new O(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
    `setTimeout(go,${BOOT_FALLBACK_MS})})` +
    `(${inlineJson(preloads)},${inlineJson(moduleSource)})`
  );
}

/**
 * Rewrites a document as it streams (see above). Text is passed on as soon as it cannot be part of a tag
 * being rewritten: an unfinished tag at a chunk's end, or the module script until its end, is held back.
 */
function createScriptsAfterPaint() {
  const preloads: string[] = [];
  let held = "";
  let booted = false;

  function rewrite(text: string, final: boolean): string {
    let out = text.replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
    if (!booted) {
      const start = MODULE_SCRIPT.exec(out);
      if (start) {
        const bodyStart = start.index + start[0].length;
        const end = out.indexOf(SCRIPT_END, bodyStart);
        if (end === -1 && !final) {
          held = out.slice(start.index);
          return out.slice(0, start.index);
        }
        if (end !== -1) {
          booted = true;
          const source = out.slice(bodyStart, end);
          out = `${out.slice(0, start.index)}<script${start[1]}>${bootAfterPaint(preloads, source)}${out.slice(end)}`;
        }
      }
    }
    if (final) return out;
    // An unfinished tag at the end waits for the next chunk.
    const lastOpen = out.lastIndexOf("<");
    if (lastOpen !== -1 && out.indexOf(">", lastOpen) === -1) {
      held = out.slice(lastOpen);
      return out.slice(0, lastOpen);
    }
    return out;
  }

  return {
    /** The text to send for the next chunk of the document. */
    push(chunk: string): string {
      const text = held + chunk;
      held = "";
      return rewrite(text, false);
    },
    /** What is left at the end of the document. */
    end(): string {
      const text = held;
      held = "";
      return rewrite(text, true);
    },
  };
}

/** The same as a stream of bytes; `onFinal` runs when the document has ended. */
export function scriptsAfterPaintStream(onFinal: () => void): Transform {
  const decoder = new StringDecoder("utf8");
  const rewriter = createScriptsAfterPaint();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, rewriter.push(decoder.write(chunk)));
    },
    flush(callback) {
      onFinal();
      const rest = rewriter.push(decoder.end());
      callback(null, rest + rewriter.end());
    },
  });
}
