import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { noticeFacts } from "./notice-facts.server";
import { PrivacyNotice } from "./privacy-notice";

const S3 = {
  S3_ENDPOINT: "https://s3.example.se",
  S3_BUCKET: "quizkvall",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
};

function render(settings: Record<string, string>) {
  const facts = noticeFacts(parseEnv({ PUBLIC_URL: "https://quizkvall.se", ...settings }));
  const html = renderToStaticMarkup(<PrivacyNotice facts={facts} />);
  // The text as a reader gets it: no tags, entities decoded, one space between words.
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}

describe("the privacy notice", () => {
  it("has every section GDPR art. 13 asks for, naming the configured controller and contact", () => {
    const { html, text } = render({
      PRIVACY_CONTROLLER: "Quizkväll AB (org.nr 559000-0000), Storgatan 1, 411 01 Göteborg",
      PRIVACY_CONTACT: "dataskydd@quizkvall.se",
    });
    const headings = [...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      "Innehåll",
      "Vem som ansvarar för dina uppgifter",
      "Vilka uppgifter vi sparar, varför och hur länge",
      "Kakor och lagring i webbläsaren",
      "Vilka som får ta del av uppgifterna",
      "Överföring till länder utanför EU/EES",
      "Dina rättigheter",
      "Klagomål",
      "Automatiska beslut",
      "Måste du lämna uppgifter?",
    ]);
    // Every entry of the table of contents leads to its section.
    for (const [, id] of html.matchAll(/href="#([^"]+)"/g)) expect(html).toContain(`id="${id}"`);
    expect(text).toContain(
      "Quizkväll AB (org.nr 559000-0000), Storgatan 1, 411 01 Göteborg är personuppgiftsansvarig för quizkvall.se",
    );
    expect(html).toContain('href="mailto:dataskydd@quizkvall.se"');
    expect(text).toContain("Integritetsskyddsmyndigheten (IMY)");
    expect(html).toContain('href="https://www.imy.se"');
    for (const right of ["artikel 15", "artikel 16", "artikel 17", "artikel 18", "artikel 20", "artikel 21"])
      expect(text).toContain(right);
    expect(text).toContain("ta tillbaka ditt samtycke till utskick när som helst");
  });

  it("gives each kind of data what, why, a legal basis and how long", () => {
    const { html, text } = render({});
    const kinds = [...html.matchAll(/<h4[^>]*>([^<]+)<\/h4>/g)].map((m) => m[1]);
    expect(kinds).toHaveLength(17);
    for (const term of ["Vad", "Varför", "Laglig grund", "Hur länge"])
      expect(html.match(new RegExp(`<dt[^>]*>${term}</dt>`, "g"))).toHaveLength(kinds.length);
    for (const basis of ["artikel 6.1 a", "artikel 6.1 b", "artikel 6.1 f"]) expect(text).toContain(basis);
    // The periods the retention job and the other prunes enforce, said once each where they apply.
    for (const period of [
      "i ett dygn, varje skålning med webbläsarens id i 14 dagar",
      "”Jag var där” i 7 dagar efter kvällen",
      "Kopplingen till webbläsarens id tas bort efter 180 dagar",
      "Tills en administratör har gått igenom rapporten, och sedan i 90 dagar",
      "Tills en administratör har bestämt sig, och sedan i 90 dagar",
      "Bekräftar du inte inom 7 dagar",
      "Skickade mejl i 2 dagar, mejl som inte gick att leverera i 14 dagar",
      "senast efter ett dygn (räknaren för spelade quiz efter 7 dagar)",
      "En inloggning gäller i 7 dagar",
      "Länkar och koder gäller i en timme",
      "tidigast 30 dagar efter att det skapades",
    ])
      expect(text).toContain(period);
    expect(text).toContain("integritet@quizkvall.se");
    // "Nära mig": the position is used for that page only and never stored (decision 061).
    expect(text).toContain("Positionen används bara för att visa den sidan och sparas aldrig");
    // Kompisligor: what a league shows to anyone with its link, and when a member is gone.
    expect(text).toContain("Alla med ligans länk ser smeknamnen och resultaten.");
    expect(text).toContain("När den sista medlemmen lämnar tas ligan bort.");
  });

  it("names only the providers and transfers this installation has, and the operator's log and backup days", () => {
    const plain = render({}).text;
    expect(plain).toContain("Vi för inte över dina personuppgifter till länder utanför EU/EES.");
    // The map's tiles are fetched by the browser from the tile server (decision 063).
    expect(plain).toContain("Kartbildstjänsten tile.openstreetmap.org: på kartsidorna");
    expect(plain).toMatch(/personuppgiftsbiträden\): driften av våra servrar Kartbildstjänsten/);
    expect(plain).toContain("Den här installationen har ingen e-posttjänst");
    expect(plain).toContain("Hur länge 30 dagar.");

    const configured = render({
      SMTP_URL: "smtp://mail.example.se:587",
      DATABASE_URL: "postgres://db.example.se/quizkvall",
      AUTH_SECRET: "x".repeat(32),
      ...S3,
      S3_PUBLIC_URL: "https://bilder.example.se",
      PRIVACY_TRANSFERS: "Vår e-posttjänst finns i USA och omfattas av EU–US Data Privacy Framework.",
      PRIVACY_LOG_DAYS: "14",
      PRIVACY_BACKUP_DAYS: "60",
    }).text;
    expect(configured).toContain(
      "driften av våra servrar och vår databas e-posttjänsten som levererar våra mejl lagringstjänsten för bilder. Bilderna hämtas direkt därifrån, så tjänsten ser din IP-adress",
    );
    expect(configured).toContain("omfattas av EU–US Data Privacy Framework.");
    expect(configured).not.toContain("Vi för inte över");
    expect(configured).not.toContain("ingen e-posttjänst");
    expect(configured).toContain("Hur länge 14 dagar.");
    expect(configured).toContain("Hur länge 60 dagar.");
  });
});
