import type { NoticeFacts } from "./notice-facts";

/**
 * The notice's data map: one card per kind of personal data with what, why, the legal basis and how long
 * (GDPR art. 13(1)(c)–(d), 13(2)(a)). A stacked list rather than a table, so it reads the same at 390 px.
 */

const CONSENT = "Samtycke (artikel 6.1 a i dataskyddsförordningen).";
const CONTRACT = "Avtal (artikel 6.1 b).";
const INTEREST = "Berättigat intresse (artikel 6.1 f): det som står under Varför.";

type KindProps = {
  id: string;
  title: string;
  what: React.ReactNode;
  why: React.ReactNode;
  basis: React.ReactNode;
  kept: React.ReactNode;
};

function Kind({ id, title, what, why, basis, kept }: KindProps) {
  const term = "mt-3 font-medium text-stone-900 sm:mt-0 dark:text-stone-100";
  return (
    <article aria-labelledby={id} className="rounded-xl border border-stone-200 p-4 dark:border-stone-700">
      <h4 id={id} className="text-lg font-semibold text-stone-900 dark:text-stone-100">
        {title}
      </h4>
      <dl className="mt-2 sm:grid sm:grid-cols-[7.5rem_1fr] sm:gap-x-4 sm:gap-y-2">
        <dt className={term}>Vad</dt>
        <dd>{what}</dd>
        <dt className={term}>Varför</dt>
        <dd>{why}</dd>
        <dt className={term}>Laglig grund</dt>
        <dd>{basis}</dd>
        <dt className={term}>Hur länge</dt>
        <dd>{kept}</dd>
      </dl>
    </article>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-3">
      <h3 className="mt-6 text-base font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** What a visitor leaves by using the site, without giving any name or address. */
export function VisitorKinds({ facts }: { facts: NoticeFacts }) {
  const { kept } = facts;
  return (
    <Group title="När du använder webbplatsen">
      <Kind
        id="webblasarens-id"
        title="Webbläsarens id"
        what={
          <>
            En identifierare som din webbläsare skapar första gången du skålar, bekräftar ett quiz eller
            spelar ett quiz. Den räknas fram ur några tekniska egenskaper hos webbläsaren (typ, språk,
            skärmstorlek, tidszon och hur den ritar en bild) och tidpunkten, och sparas i webbläsarens
            lagring. Bara id:t skickas till oss, inte egenskaperna. Det innehåller inte ditt namn eller din
            IP-adress.
          </>
        }
        why="Att hålla isär besökare utan konto: begränsa skålandet, räkna varje spelare en gång och låta dig fortsätta ett påbörjat quiz."
        basis={INTEREST}
        kept={
          <>
            I webbläsaren tills du rensar webbplatsdata för {facts.site}. Hos oss så länge som står nedan för
            skålningar, bekräftelser och quiz.
          </>
        }
      />
      <Kind
        id="skalningar"
        title="Skålningar"
        what="Webbläsarens id, vilket quiz du skålade för och när."
        why={`Att du kan skåla för samma quiz högst en gång på ${kept.beerCooldown}, och att administratörerna kan se hur mycket det skålas.`}
        basis={INTEREST}
        kept={`Din senaste skålning per quiz i ${kept.beerCooldownRow}, varje skålning med webbläsarens id i ${kept.beerClick}. Därefter finns bara antalet skålningar per timme och dag kvar.`}
      />
      <Kind
        id="bekraftelser"
        title="”Jag var där” och ”Det blev inget”"
        what="Webbläsarens id, vilket quiz och vilken kväll."
        why="Att visa att ett quiz fortfarande stämmer och räkna varje besökare en gång per kväll, och att säga till quizvärden och administratörerna när en kväll inte blev av."
        basis={INTEREST}
        kept={`”Jag var där” i ${kept.confirmation} efter kvällen. ”Det blev inget” tills en administratör har gått igenom det, och sedan i ${kept.resolvedNotHeld}.`}
      />
      <Kind
        id="quiz"
        title="NutidsQuiz och andra quiz"
        what="Webbläsarens id, när du spelade, dina svar och ditt resultat, din tumme upp eller ner och dina rapporter om frågor."
        why="Att rätta dina svar, låta dig fortsätta där du var, räkna varje spelare en gång och visa statistik som snittet och hur andra svarade."
        basis={INTEREST}
        kept={`Kopplingen till webbläsarens id tas bort efter ${kept.playLink}. Svaren, resultaten och rösterna finns sedan kvar utan koppling till dig, i statistiken för quizet, så länge quizet finns.`}
      />
      <Kind
        id="kompisligor"
        title="Kompisligor"
        what="Bara om du skapar eller går med i en liga: ligans namn, ditt smeknamn, webbläsarens id (så att dina spel räknas i tabellen) och en slumpad nyckel i en kaka som bara skickas till ligans sidor. Alla med ligans länk ser smeknamnen och resultaten."
        why="Att visa ligans tabeller utan konto."
        basis={INTEREST}
        kept="Tills du lämnar ligan eller den som skapade den tar bort dig. När den sista medlemmen lämnar tas ligan bort."
      />
      <Kind
        id="mina-quiz"
        title="Mina quiz"
        what="Quizen du följer eller sparar, i webbläsaren. För att din kalenderprenumeration ska fungera sparar vi också quizens id under en slumpad nyckel som bara din webbläsare och din kalender känner till. Ber du om påminnelser för ett quiz sparar vi nyckeln med påminnelsen, så att quizet försvinner ur Mina quiz när du avslutar påminnelserna."
        why="Att samla dina quiz och deras kvällar i en kalender, utan konto."
        basis={INTEREST}
        kept="Tills du tar bort alla quiz i Mina quiz. Då töms listan även hos oss: bara den slumpade nyckeln finns kvar, utan några quiz."
      />
      <Kind
        id="position"
        title="Din position (Nära mig)"
        what="Bara om du trycker på ”Nära mig” och tillåter det i webbläsaren: din position, som webbläsaren avrundar till ungefär 100 meter innan den lägger den i sidans adress (?nara=…)."
        why="Att visa hur långt det är till kvällens quiz."
        basis={CONSENT}
        kept="Positionen används bara för att visa den sidan och sparas aldrig: inte i databasen, inte i loggarna (där visas den som [redacted]) och inte i någon cache, och den skickas inte vidare. Den finns bara kvar i din webbläsares historik, som adressen till sidan."
      />
      <Kind
        id="ip-adresser"
        title="IP-adresser för att stoppa missbruk"
        what="Din IP-adress och hur många förfrågningar som kommit därifrån, och vid inloggning även e-postadressen du skrev."
        why="Att stoppa missbruk och attacker, till exempel massor av skålningar, rapporter, inloggningsförsök eller beställningar av utskick."
        basis={INTEREST}
        kept={`Räknarna tas bort när deras tidsfönster har passerat, senast efter ${kept.rateLimit} (räknaren för spelade quiz efter ${kept.rateLimitLongest}).`}
      />
    </Group>
  );
}

/** What a visitor sends us on purpose: reports, list mail, host claims. */
export function SentKinds({ facts }: { facts: NoticeFacts }) {
  const { kept } = facts;
  return (
    <Group title="När du skickar något till oss">
      <Kind
        id="rapporter"
        title="Rapporter och förslag"
        what="Det du skriver om ett quiz, en fråga eller ett ställe, och ditt namn och din e-postadress om du fyller i dem. De är frivilliga."
        why="Att rätta och komplettera listningarna, och kunna fråga dig om något är oklart."
        basis={INTEREST}
        kept={`Tills en administratör har gått igenom rapporten, och sedan i ${kept.resolvedReport}.`}
      />
      <Kind
        id="utskick"
        title="Påminnelser och NutidsQuiz via e-post"
        what="Din e-postadress, vilka utskick du har valt och när du bad om och bekräftade dem."
        why="Att skicka de påminnelser och det NutidsQuiz du har bett om, och inget annat."
        basis={
          <>
            {CONSENT} Du ger det när du öppnar länken i bekräftelsemejlet, och du kan ta tillbaka det när som
            helst med länken i varje mejl.
          </>
        }
        kept={`Tills du avslutar. Bekräftar du inte inom ${kept.unconfirmedList} tas beställningen bort. När du har avslutat ditt sista utskick tas adressen bort.`}
      />
      <Kind
        id="mejl"
        title="Mejl vi skickar"
        what="Mottagare, ämne och innehåll i varje mejl vi skickar: bekräftelser, påminnelser, inloggningslänkar och andra mejl om konton."
        why="Att kunna försöka igen när ett mejl inte går fram, och begränsa hur många mejl en adress får."
        basis={INTEREST}
        kept={`Skickade mejl i ${kept.sentMail}, mejl som inte gick att leverera i ${kept.failedMail}.`}
      />
      <Kind
        id="quizvard"
        title="Ansökan om att bli quizvärd"
        what="Ditt namn, din e-postadress, din roll på stället och ditt meddelande."
        why="Att avgöra om du får sköta quizets uppgifter, och ge dig ett konto för det."
        basis={`${CONTRACT} Det är ett steg du själv begär innan du får ett konto.`}
        kept={`Tills en administratör har bestämt sig, och sedan i ${kept.decidedClaim}.`}
      />
    </Group>
  );
}

/** Accounts, operations and the listings themselves. */
export function AccountAndOperationKinds({ facts }: { facts: NoticeFacts }) {
  const { kept } = facts;
  return (
    <Group title="Konton och drift">
      <Kind
        id="konton"
        title="Konton för quizvärdar och administratörer"
        what="Namn, e-postadress, lösenord om kontot har ett (aldrig i klartext, bara ett värde som inte går att räkna tillbaka), roll, vilka quiz du är värd för, om du vill ha morgonmejlet på quizdagar och vilka dagar vi har skickat det, och de ändringar du gör i dem (ändringshistoriken)."
        why="Att du ska kunna logga in och sköta dina quiz eller webbplatsen."
        basis={CONTRACT}
        kept={`Så länge kontot finns. Ett värdkonto utan lösenord tas bort när det inte längre är värd för något quiz, tidigast ${kept.idleHostAccount} efter att det skapades. Andra konton tar vi bort när du ber om det. Vilka dagar morgonmejlet har skickats sparas en vecka. Ändringshistoriken finns kvar så länge quizet finns; för ett borttaget konto står det ”Borttaget konto”.`}
      />
      <Kind
        id="inloggning"
        title="Inloggning"
        what="En inloggning (session) med IP-adress och webbläsarens namn och version, och de inloggningslänkar och koder vi mejlar."
        why="Att hålla dig inloggad och skydda ditt konto."
        basis={`${CONTRACT} IP-adressen och webbläsaren: berättigat intresse (artikel 6.1 f), för säkerheten.`}
        kept={`En inloggning gäller i ${kept.session} och förlängs när du använder den. Den tas bort när du loggar ut, annars ${kept.expiredSignIn} efter att den har gått ut. Länkar och koder gäller i ${kept.signInLink} och tas bort ${kept.expiredSignIn} efter det.`}
      />
      <Kind
        id="loggar"
        title="Serverloggar"
        what={
          <>
            För varje förfrågan: tid, metod, adressen som efterfrågades, svarskod, svarstid och ett
            förfrågnings-id, men inte din IP-adress. För mejl: mottagare och ämne.
            {facts.mailService
              ? null
              : " Den här installationen har ingen e-posttjänst: mejlen sparas som filer på servern, och loggen visar också länken i dem."}
          </>
        }
        why="Att driva webbplatsen, hitta fel och se att mejl kommer fram."
        basis={INTEREST}
        kept={`${capitalise(kept.logs)}.`}
      />
      <Kind
        id="sakerhetskopior"
        title="Säkerhetskopior"
        what="Kopior av databasen, med uppgifterna ovan."
        why="Att kunna återställa webbplatsen efter ett fel."
        basis={INTEREST}
        kept={`${capitalise(kept.backups)}. Det som har tagits bort ur databasen finns alltså kvar i kopiorna högst så länge.`}
      />
      <Kind
        id="listningar"
        title="Kontaktuppgifter i quizlistningarna"
        what="Telefonnummer, e-postadress, webbplats och Instagram som hör till ett quiz, inlagda av arrangören, en quizvärd eller en administratör."
        why="Att besökare ska kunna hitta och kontakta quizet."
        basis={INTEREST}
        kept="Så länge quizet finns på webbplatsen, eller tills uppgiften ändras."
      />
    </Group>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
