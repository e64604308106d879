// In the browser the page's Content-Security-Policy allows no eval, and zod probes for it with
// `new Function` when it builds an object schema's fast path: the browser reports the probe as a violation
// even though zod catches the refusal. Without the fast path zod validates the same way. The root route
// imports this module first, so it runs before any module that builds a schema; the server keeps the fast
// path.
//
// zod keeps its settings in one object on `globalThis` (what `z.config()` writes to) and creates it only when
// it is missing, so the setting is made here without importing zod: most public pages never load zod at all,
// and it is then already in place for the first one that does (a form's check, loaded with its dialog).
// zod-in-browser.test.ts checks that `z.config()` reads it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const holder = globalThis as ZodGlobal;
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

export {};
