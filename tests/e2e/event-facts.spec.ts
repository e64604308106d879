import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin, waitForToast } from "../support/browser";

/**
 * The facts a visitor decides by: an admin enters them in the event form, a visitor sees them on the event
 * page and the card, and filters home by them, with JavaScript and without.
 */
const browser = setupBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;

const suffix = randomUUID().slice(0, 6);
const title = `Faktaquiz ${suffix}`;
const slug = `faktaquiz-${suffix}`;
const CARD_FACTS = "Gratis · Ingen bokning · Svårighet: Svår · På engelska · Rullstolsanpassat";

const card = (page: Page) => page.locator("article").filter({ hasText: title });
const chip = (page: Page, label: string) => page.getByRole("button", { name: new RegExp(`^${label}`) });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe("event facts", () => {
  it("are entered in the admin form, refused in Swedish when wrong, and shown on the event page", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAsAdmin(page);
    await page.goto("/admin/events/new");
    await page.getByLabel("Titel", { exact: true }).fill(title);
    await page.getByLabel("Stad").selectOption("Malmö");
    await page.getByLabel("Inträde (kr per person)").fill("gratis");
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    const fee = page.getByLabel("Inträde (kr per person)");
    await expect.poll(() => fee.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("Ange inträdet i hela kronor, 0–10000 (0 = gratis)").first().waitFor();

    await fee.fill("0");
    await page.getByLabel("Bokning", { exact: true }).selectOption("none");
    await page.getByLabel("Vinst").fill("Ölhink till vinnarlaget");
    await page.getByLabel("Svårighet").selectOption("hard");
    await page.getByLabel("Språk").selectOption("en");
    await page.getByLabel("Rullstolsanpassat").selectOption("ja");
    await shot(page, "facts-form-390");
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    await waitForToast(page, "Quiz har lagts till");

    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`/quiz/malmo/${slug}`);
    const aside = visitor.locator("aside");
    await aside.waitFor();
    for (const [label, value] of [
      ["Inträde", "Gratis"],
      ["Bokning", "Ingen bokning"],
      ["Vinst", "Ölhink till vinnarlaget"],
      ["Svårighet", "Svår"],
      ["Språk", "På engelska"],
      ["Rullstolsanpassat", "Ja"],
    ])
      expect(
        await aside
          .locator("div", { has: visitor.locator(`dt:text-is("${label}")`) })
          .locator("dd")
          .textContent(),
      ).toBe(value);
    const jsonLd = JSON.parse(
      (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    const event = [jsonLd].flat().find((d: { "@type"?: string }) => d["@type"] === "Event") ?? jsonLd;
    expect(event.isAccessibleForFree).toBe(true);
    expect(event.offers).toEqual({ "@type": "Offer", price: 0, priceCurrency: "SEK" });
    await shot(visitor, "facts-event-390");
    const wide = await browser.newPage({ viewport: DESKTOP });
    await wide.goto(`/quiz/malmo/${slug}`);
    await shot(wide, "facts-event-1280");
  });

  it("filter home with JavaScript: chips change the URL and the cards in place", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    await card(page).waitFor();
    expect(await card(page).locator("[data-facts]").textContent()).toBe(CARD_FACTS);
    await chip(page, "Gratis inträde").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("gratis")).toBe("1");
    await chip(page, "Svår").click();
    await chip(page, "På engelska").click();
    await chip(page, "Rullstolsanpassat").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("rullstol")).toBe("1");
    expect(new URL(page.url()).searchParams.get("svarighet")).toBe("svar");
    expect(new URL(page.url()).searchParams.get("sprak")).toBe("engelska");
    await card(page).waitFor();
    expect(await chip(page, "Gratis inträde").getAttribute("aria-pressed")).toBe("true");
    await shot(page, "facts-home-390");
    // A fact it lacks: the card goes, and comes back when the fact is dropped again.
    await chip(page, "Svår").click();
    await chip(page, "Lätt").click();
    await page.getByText("Inga event hittades").waitFor();
    await chip(page, "Lätt").click();
    await card(page).waitFor();
    // Combined with the city filter.
    await chip(page, "Malmö").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("cities")).toBe("malmo");
    await card(page).waitFor();
    await chip(page, "Stockholm").click();
    await chip(page, "Malmö").click();
    await page.getByText("Inga event hittades").waitFor();

    const wide = await browser.newPage({ viewport: DESKTOP });
    await wide.goto("/?gratis=1&svarighet=svar");
    await shot(wide, "facts-home-1280");
    expect(await chip(wide, "Gratis inträde").getAttribute("aria-pressed")).toBe("true");
  });

  it("filter home without JavaScript: a plain GET form leads to the filtered URL", async () => {
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    await card(page).waitFor();
    await chip(page, "Gratis inträde").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("gratis")).toBe("1");
    await chip(page, "På engelska").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sprak")).toBe("engelska");
    expect(new URL(page.url()).searchParams.get("q")).toBe(title);
    await card(page).waitFor();
    expect(await card(page).locator("[data-facts]").textContent()).toBe(CARD_FACTS);
    await chip(page, "På engelska").click();
    await chip(page, "På svenska").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sprak")).toBe("svenska");
    await page.getByText("Inga event hittades").waitFor();
    // A shared link without JavaScript lands on the same listing.
    await page.goto(`/?gratis=1&utan-bokning=1&rullstol=1&q=${encodeURIComponent(title)}`);
    await card(page).waitFor();
  });
});
