import { AccountAndOperationKinds, SentKinds, VisitorKinds } from "./data-kinds";
import type { NoticeFacts } from "./notice-facts";
import {
  ClosingSections,
  MailLink,
  RecipientsSection,
  RightsSection,
  Section,
  StorageSection,
  TransfersSection,
} from "./notice-sections";

/** The sections in order, for the table of contents. */
const CONTENTS = [
  ["ansvarig", "Vem som ansvarar"],
  ["uppgifter", "Vilka uppgifter, varför och hur länge"],
  ["kakor", "Kakor och lagring i webbläsaren"],
  ["mottagare", "Vilka som får ta del av uppgifterna"],
  ["overforing", "Överföring utanför EU/EES"],
  ["rattigheter", "Dina rättigheter"],
  ["klagomal", "Klagomål"],
  ["automatiska-beslut", "Automatiska beslut"],
  ["maste-du", "Måste du lämna uppgifter?"],
] as const;

/**
 * /integritet: the information GDPR art. 13 asks for, for this installation (decision 054). Server-rendered
 * and complete without JavaScript: headings, short paragraphs and one card per kind of data.
 */
export function PrivacyNotice({ facts }: { facts: NoticeFacts }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Integritet</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Här står vilka personuppgifter {facts.site} sparar, varför, med vilket stöd i lagen, hur länge och
        vilka rättigheter du har. Vi sparar så lite som möjligt och tar bort det automatiskt när tiden har
        gått ut.
      </p>
      <nav aria-label="Innehåll" className="mt-6 rounded-xl bg-stone-100 p-4 dark:bg-stone-800">
        <h2 className="font-semibold">Innehåll</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {CONTENTS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="underline">
                {label}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="ansvarig" title="Vem som ansvarar för dina uppgifter">
        <p>
          {facts.controller} är personuppgiftsansvarig för {facts.site}, det vill säga ansvarar för hur dina
          personuppgifter behandlas här.
        </p>
        <p>
          Frågor om dina uppgifter och begäranden om dina rättigheter skickar du till{" "}
          <MailLink address={facts.contact} />.
        </p>
      </Section>

      <Section id="uppgifter" title="Vilka uppgifter vi sparar, varför och hur länge">
        <p>
          Varje uppgift har ett syfte och ett stöd i dataskyddsförordningen. <strong>Samtycke</strong> betyder
          att du har sagt ja och kan ta tillbaka det. <strong>Avtal</strong> betyder att uppgiften behövs för
          det du har bett oss om, till exempel ett konto. <strong>Berättigat intresse</strong> betyder att vi
          har ett skäl, det som står under Varför, som väger tyngre än intrånget för dig: vi sparar så lite
          som möjligt och tar bort det efter tiden som står. Du kan invända mot det.
        </p>
        <p>Det som ska tas bort tas bort automatiskt varje natt.</p>
        <VisitorKinds facts={facts} />
        <SentKinds facts={facts} />
        <AccountAndOperationKinds facts={facts} />
      </Section>

      <StorageSection />
      <RecipientsSection facts={facts} />
      <TransfersSection facts={facts} />
      <RightsSection facts={facts} />
      <ClosingSections />

      <p className="mt-10 text-sm text-stone-600 dark:text-stone-400">Senast ändrad {facts.updated}.</p>
    </div>
  );
}
