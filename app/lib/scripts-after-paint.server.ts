import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// Decision 048: on a narrow link the scripts compete with the first paint, so they boot just after it.

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
const SCRIPT_END = "</script>";

function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

const BOOT_FALLBACK_MS = 2_000;

const EARLY_ACTS = ["pointerdown", "touchstart", "keydown", "click"];

/** Preloads at low priority so first-screen images go first; an early press, touch or key boots at once. */
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

/** Holds back only an unfinished tag at a chunk's end, or the module script until its end. */
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
    const lastOpen = out.lastIndexOf("<");
    if (lastOpen !== -1 && out.indexOf(">", lastOpen) === -1) {
      held = out.slice(lastOpen);
      return out.slice(0, lastOpen);
    }
    return out;
  }

  return {
    push(chunk: string): string {
      const text = held + chunk;
      held = "";
      return rewrite(text, false);
    },
    end(): string {
      const text = held;
      held = "";
      return rewrite(text, true);
    },
  };
}

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
