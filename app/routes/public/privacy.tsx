import { pageMeta } from "~/features/seo/page-meta";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/privacy";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: "Integritet – Quizkväll",
    description: "Vad Quizkväll sparar om dig, varför, hur länge och hur du tar bort det.",
    url: `${loaderData?.origin ?? ""}/integritet`,
  });
}

export function loader() {
  return { origin: siteOrigin() };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-2 space-y-3 leading-relaxed text-stone-700 dark:text-stone-300">{children}</div>
    </section>
  );
}

/** /integritet: what is stored about a visitor, why, for how long and how to remove it. */
export default function Privacy() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Integritet</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Quizkväll sparar så lite som möjligt. Här står vad, varför, hur länge och hur du tar bort det.
      </p>
      <Section title="Webbläsarens identifierare">
        <p>
          Din webbläsare skapar en slumpad identifierare och sparar den lokalt (i localStorage). Den skickas
          med när du skålar, bekräftar ett quiz eller spelar NutidsQuiz, så att vi kan begränsa skålandet och
          hålla ihop dina svar. Den säger inget om vem du är. Du tar bort den genom att rensa webbplatsdata
          för Quizkväll i webbläsaren.
        </p>
      </Section>
      <Section title="Mina quiz">
        <p>
          Quiz du följer eller sparar i Mina quiz finns i webbläsaren. För att din kalenderprenumeration ska
          fungera sparar vi också listan med quizens id under en slumpad nyckel som bara din webbläsare känner
          till. Den säger inget om vem du är. Tar du bort alla quiz i Mina quiz blir listan på servern tom.
        </p>
      </Section>
      <Section title="IP-adresser för begränsningar">
        <p>
          För att stoppa missbruk räknar vi förfrågningar per IP-adress (till exempel skålningar, rapporter,
          inloggningsförsök och beställningar av utskick). Räknarna tas bort automatiskt när deras tidsfönster
          har passerat, senast efter ett dygn (räknaren för spelade quiz efter en vecka). Vid inloggning
          sparas adressen med sessionen tills du loggar ut eller sessionen går ut.
        </p>
      </Section>
      <Section title="E-postadresser för påminnelser och NutidsQuiz">
        <p>
          Om du ber om påminnelser för ett quiz eller om veckans NutidsQuiz sparar vi din e-postadress, vilka
          utskick du valt och när du bekräftade. Vi använder adressen bara för de utskicken. Bekräftar du inte
          inom 7 dagar tas beställningen bort. Skickade mejl sparas i två dygn (för att kunna begränsa hur
          många mejl en adress får), därefter tas de bort.
        </p>
        <p>
          Varje mejl har en länk för att avsluta med ett klick: då tas adressen bort från det utskicket, och
          när du inte har några utskick kvar tas adressen bort helt. Under Mina utskick (länken finns i varje
          mejl) ser du allt vi skickar till dig och kan avsluta allt på en gång.
        </p>
      </Section>
      <Section title="Konton">
        <p>
          Administratörer har konton med e-postadress och lösenord. Konton tas bort av en administratör på
          begäran.
        </p>
      </Section>
    </div>
  );
}
