import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";
import { playToTheEnd } from "../support/play";

const browser = setupBrowser();

describe("Utmana en vän", () => {
  it("a challenge made in one browser is played in a second, with both results side by side", {
    timeout: 120_000,
  }, async () => {
    // The too-long name below is refused with a 400.
    const challenger = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 400/ });
    await challenger.goto("/veckans-nutidsquiz");
    await challenger.getByRole("link", { name: "Spela nu" }).click();
    const [, score, total] = /Du fick (\d+) av (\d+)/.exec(await playToTheEnd(challenger, 0)) ?? [];
    const challenge = challenger.getByRole("region", { name: "Utmana en vän" });
    await challenge.getByLabel("Ditt namn").fill("x".repeat(31));
    await challenge.getByRole("button", { name: "Skapa utmaningslänk" }).click();
    await challenge.getByText("Namnet får vara högst 30 tecken.").waitFor();
    await challenge.getByLabel("Ditt namn").fill("Anna");
    await challenge.getByRole("button", { name: "Skapa utmaningslänk" }).click();
    const link = await challenge.getByLabel("Länk till utmaningen").inputValue();
    expect(link).toMatch(/\/veckans-nutidsquiz\/[^/?]+\?utmaning=[\w-]+\.[\w-]+$/);

    // A friend in another browser: no account, no cookie of the challenger's.
    const friend = await browser.newPage({ viewport: PHONE });
    await friend.goto(link);
    await friend.getByText(`Kan du slå Anna? ${score} av ${total}`).waitFor();
    expect((await new AxeBuilder({ page: friend }).analyze()).violations).toEqual([]);
    await friend.getByRole("link", { name: "Spela", exact: true }).click();
    const [, friendScore] = /Du fick (\d+) av/.exec(await playToTheEnd(friend, 1)) ?? [];
    const sideBySide = friend.getByRole("region", { name: "Utmaningen" });
    await sideBySide.waitFor();
    expect(await sideBySide.textContent()).toContain(`Du${friendScore} av ${total}`);
    expect(await sideBySide.textContent()).toContain(`Anna${score} av ${total}`);
    const verdict =
      Number(friendScore) > Number(score)
        ? "Du slog Anna!"
        : Number(friendScore) === Number(score)
          ? "Oavgjort!"
          : "Anna vann den här gången.";
    await sideBySide.getByText(verdict).waitFor();

    // A link whose code was changed is no challenge: the quiz page shows none.
    const forged = link.replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAA");
    const stranger = await browser.newPage({ viewport: PHONE });
    await stranger.goto(forged);
    await stranger.getByRole("link", { name: "Spela", exact: true }).waitFor();
    expect(await stranger.getByText(/^Kan du slå/).count()).toBe(0);
  });
});
