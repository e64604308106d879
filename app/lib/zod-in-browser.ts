import { z } from "zod";

// In the browser the page's Content-Security-Policy allows no eval, and zod probes for it with
// `new Function` when it builds an object schema's fast path: the browser reports the probe as a violation
// even though zod catches the refusal. Without the fast path zod validates the same way. The root route
// imports this module first, so it runs before any module that builds a schema; the server keeps the fast
// path.
if (typeof document !== "undefined") z.config({ jitless: true });
