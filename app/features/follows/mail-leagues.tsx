import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";

/** "Kompisligor i mejlet" on "Mina utskick": the leagues the weekly NutidsQuiz mail links, chosen here. */
export function MailLeagues({
  leagues,
  notice,
  error,
}: {
  leagues: { id: string; name: string }[];
  notice: string | null;
  error: string | null;
}) {
  return (
    <section aria-labelledby="mail-leagues-heading" className="space-y-3">
      <h2 id="mail-leagues-heading" className="text-lg font-semibold">
        Kompisligor i mejlet
      </h2>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Veckans NutidsQuiz-mejl kan länka till tabellen för dina kompisligor. Klistra in ligans länk.
      </p>
      {notice ? <p role="status">{notice}</p> : null}
      {leagues.length ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-700 dark:border-stone-700">
          {leagues.map((league) => (
            <li key={league.id} className="flex items-center justify-between gap-3 p-3">
              <span>{league.name}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-league" />
                <input type="hidden" name="leagueId" value={league.id} />
                <Button type="submit" variant="secondary" aria-label={`Ta bort ${league.name} ur mejlet`}>
                  Ta bort
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" noValidate className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="add-league" />
        <Field label="Länk till ligan" error={error}>
          <Input name="league" inputMode="url" autoComplete="off" />
        </Field>
        <Button type="submit" variant="secondary" className="self-start">
          Lägg till i mejlet
        </Button>
      </Form>
    </section>
  );
}
