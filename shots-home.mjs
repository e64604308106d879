import { chromium } from "playwright-core";
const base = process.argv[2];
const out = process.argv[3];
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const path of ["/", "/?cities=goteborg&view=list"])
  for (const width of [390, 1280])
    for (const mode of ["js", "js-acted", "nojs"]) {
      const js = mode !== "nojs";
      const ctx = await b.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js });
      const p = await ctx.newPage();
      const errors = [];
      p.on("pageerror", (e) => errors.push(e.message.slice(0, 120)));
      p.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text().slice(0, 120)}`);
      });
      const r = await p.goto(base + path);
      if (js) await p.waitForSelector("html[data-hydrated]", { timeout: 30000 });
      await p.waitForTimeout(1500);
      if (mode === "js-acted") {
        await p.mouse.move(10, 300);
        await p.waitForTimeout(2500);
      }
      const heading = await p.locator("main h2[aria-live]").textContent().catch(() => "?");
      const h1 = await p.locator("main h1").textContent();
      const wide = await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      const name = `${out}/home${path.replace(/[/?&=,]/g, "_")}-${width}-${mode}.png`;
      await p.screenshot({ path: name });
      console.log(r.status(), path, width, mode, "url:", new URL(p.url()).search, "|", h1, "|", heading, "sideways:", wide, errors);
      await ctx.close();
    }
await b.close();
