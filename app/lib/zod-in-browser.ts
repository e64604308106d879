// The CSP allows no eval, and zod's `new Function` probe is reported as a violation though caught. zod
// reads its settings from `globalThis`, so this needs no zod import (zod-in-browser.test.ts checks it).
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const holder = globalThis as ZodGlobal;
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

export {};
