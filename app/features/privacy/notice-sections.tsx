import type { NoticeFacts } from "./notice-facts";

/** The notice's sections after the data map: storage, recipients, transfers, rights, complaints. */

const IMY_URL = "https://www.imy.se";

const linkClass = "font-medium underline";

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="scroll-mt-20 text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-700 dark:text-stone-300">{children}</div>
    </section>
  );
}

export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={`${linkClass} break-all`}>
      {address}
    </a>
  );
}

/** Cookies and the browser's storage: only what the site's own functions need. */
export function StorageSection() {
  return (
    <Section id="kakor" title="Kakor och lagring i webbläsaren">
      <p>
        Vi använder inga kakor eller annan lagring för statistik, annonser eller spårning, och sidorna hämtar
        inget från andra företags tjänster.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <strong>En inloggningskaka</strong>, bara om du loggar in. Den håller dig inloggad och försvinner
          när du loggar ut eller inloggningen går ut.
        </li>
        <li>
          <strong>En skålkaka</strong>, bara om du skålar med JavaScript avstängt. Den bär ett slumpat id i
          stället för webbläsarens lagring, så att en timmes väntan mellan skålarna gäller, och försvinner en
          timme efter din senaste skål. Tillsammans med den skickas ett kort besked om hur skålen gick, som
          tas bort när sidan har visat det.
        </li>
        <li>
          <strong>Webbläsarens lagring</strong> (localStorage): webbläsarens id, Mina quiz, var du är i ett
          påbörjat quiz, din tumme upp eller ner, vilka veckor du har spelat NutidsQuiz, när du får skåla
          igen, om du har valt ljust eller mörkt läge och att du har stängt tipsrutan.
        </li>
      </ul>
      <p>
        Allt det behövs för funktioner som du själv använder. Du kan ta bort det när du vill genom att rensa
        webbplatsdata i webbläsarens inställningar.
      </p>
    </Section>
  );
}

/** Who else sees the data (art. 13(1)(e)), naming only the providers this installation uses. */
export function RecipientsSection({ facts }: { facts: NoticeFacts }) {
  return (
    <Section id="mottagare" title="Vilka som får ta del av uppgifterna">
      <p>Vi säljer inte dina uppgifter. De som får ta del av dem är:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Webbplatsens administratörer, som går igenom rapporter, förslag och ansökningar och ser statistiken.
        </li>
        <li>
          Quizvärdar, som får ett mejl när någon säger att en kväll inte blev av, men inte vem som sa det.
        </li>
        <li>
          Leverantörer som behandlar uppgifterna åt oss och bara enligt våra instruktioner
          (personuppgiftsbiträden):
          <ul className="mt-1 list-[circle] space-y-1 pl-5">
            <li>
              {facts.separateDatabase ? "driften av våra servrar och vår databas" : "driften av våra servrar"}
            </li>
            {facts.mailService ? <li>e-posttjänsten som levererar våra mejl</li> : null}
            {facts.bucket === "none" ? null : (
              <li>
                lagringstjänsten för bilder
                {facts.bucket === "public"
                  ? ". Bilderna hämtas direkt därifrån, så tjänsten ser din IP-adress när du tittar på en bild."
                  : null}
              </li>
            )}
          </ul>
        </li>
        <li>
          Kartbildstjänsten {facts.mapTilesHost}: på kartsidorna hämtar din webbläsare kartbilderna direkt
          därifrån, så tjänsten ser din IP-adress och vilket område kartan visar.
        </li>
        <li>Myndigheter, när lagen kräver att vi lämnar ut uppgifter.</li>
      </ul>
      <p>
        Länkar till andra tjänster, till exempel Google Kalender eller ett quiz egen webbplats, öppnar du
        själv. Då gäller den tjänstens regler för dina uppgifter.
      </p>
    </Section>
  );
}

/** Transfers outside the EU/EEA (art. 13(1)(f)): none, or the operator's own words. */
export function TransfersSection({ facts }: { facts: NoticeFacts }) {
  return (
    <Section id="overforing" title="Överföring till länder utanför EU/EES">
      <p>{facts.transfers ?? "Vi för inte över dina personuppgifter till länder utanför EU/EES."}</p>
    </Section>
  );
}

/** The rights (art. 13(2)(b)–(c)) and how to use them. */
export function RightsSection({ facts }: { facts: NoticeFacts }) {
  return (
    <Section id="rattigheter" title="Dina rättigheter">
      <p>Enligt dataskyddsförordningen har du rätt att</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>få veta vilka uppgifter vi har om dig och få en kopia av dem (artikel 15),</li>
        <li>få felaktiga uppgifter rättade (artikel 16),</li>
        <li>få uppgifter raderade, till exempel när de inte längre behövs (artikel 17),</li>
        <li>begära att vi tills vidare bara sparar uppgifterna och inte använder dem (artikel 18),</li>
        <li>invända mot det vi gör med stöd av berättigat intresse (artikel 21),</li>
        <li>
          få ut uppgifter som du själv har lämnat, i ett format som går att läsa in någon annanstans, när vi
          behandlar dem med stöd av samtycke eller avtal (artikel 20),
        </li>
        <li>
          ta tillbaka ditt samtycke till utskick när som helst, med länken i varje mejl eller under Mina
          utskick. Det påverkar inte det vi redan har gjort.
        </li>
      </ul>
      <p>
        Mejla <MailLink address={facts.contact} /> för att använda dina rättigheter. Vi svarar inom en månad.
      </p>
      <p>
        Uppgifter som bara är kopplade till webbläsarens id kan vi hitta bara om du skickar oss id:t. Det
        finns i webbläsarens lagring för {facts.site} under namnet quizkvall_user_identifier. Du kan också
        själv ta bort det genom att rensa webbplatsdata.
      </p>
    </Section>
  );
}

/** Complaints (art. 13(2)(d)), automated decisions (13(2)(f)) and whether data must be given (13(2)(e)). */
export function ClosingSections() {
  return (
    <>
      <Section id="klagomal" title="Klagomål">
        <p>
          Tycker du att vi behandlar dina uppgifter fel? Hör gärna av dig till oss först. Du har alltid rätt
          att lämna klagomål till Integritetsskyddsmyndigheten (IMY), som är tillsynsmyndighet i Sverige:{" "}
          <a href={IMY_URL} className={linkClass}>
            imy.se
          </a>
          .
        </p>
      </Section>
      <Section id="automatiska-beslut" title="Automatiska beslut">
        <p>
          Vi fattar inga beslut om dig som bara bygger på automatisk behandling, och vi gör ingen profilering.
          Spärrarna mot missbruk, till exempel väntetiden innan du kan skåla igen, är automatiska men får inga
          andra följder för dig.
        </p>
      </Section>
      <Section id="maste-du" title="Måste du lämna uppgifter?">
        <p>
          Nej. Du kan läsa allt på webbplatsen utan att lämna några uppgifter. Utan webbläsarens id kan du
          inte skåla, bekräfta ett quiz eller spela. Vill du ha utskick eller bli quizvärd behöver vi din
          e-postadress, annars kan vi inte skicka något eller ge dig ett konto. Namn och e-postadress i
          rapporter och förslag är frivilliga.
        </p>
      </Section>
    </>
  );
}
