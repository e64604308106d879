import { Check, Copy, Swords } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { getVisitorId } from "~/lib/visitor-id";
import { type Challenge, challengeVerdict } from "./challenge";

/** "Utmana en vän": a link to this quiz that carries the player's result and the name they typed. */
export function ChallengeFriend({ playId }: { playId: string }) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const made = await apiFetch<{ url: string }>(`/api/quiz-plays/${playId}/challenge`, {
        json: { visitorId: getVisitorId(), name },
      });
      setUrl(made.url);
    } catch (failure) {
      setError(apiErrorMessage(failure, "Kunde inte skapa länken. Försök igen."));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => {});
    setCopied(true);
  }

  return (
    <section aria-labelledby="challenge-heading" className="mx-auto mt-8 max-w-sm text-left">
      <h2 id="challenge-heading" className="flex items-center justify-center gap-2 font-medium">
        <Swords className="size-4" aria-hidden /> Utmana en vän
      </h2>
      {url ? (
        <div className="mt-3 flex flex-col gap-2">
          <Field
            label="Länk till utmaningen"
            hint="Skicka den till en vän: de ser ditt resultat och får försöka slå det."
          >
            <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </Field>
          <Button variant="secondary" onClick={copy}>
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? "Kopierad!" : "Kopiera länken"}
          </Button>
        </div>
      ) : (
        <form onSubmit={make} noValidate className="mt-3 flex flex-col gap-2">
          <Field label="Ditt namn" marker="optional" error={error}>
            <Input
              name="name"
              autoComplete="nickname"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Skapar länk…" : "Skapa utmaningslänk"}
          </Button>
        </form>
      )}
    </section>
  );
}

/** Both results side by side, under the challenge the player took. */
export function ChallengeResult({ score, challenge }: { score: number; challenge: Challenge }) {
  const rows = [
    { who: "Du", score },
    { who: challenge.name || "Din vän", score: challenge.score },
  ];
  return (
    <section aria-label="Utmaningen" className="mx-auto mt-6 max-w-sm">
      <dl className="grid grid-cols-2 gap-3">
        {rows.map((row) => (
          <div key={row.who} className="rounded-2xl bg-stone-100 p-3 dark:bg-stone-800">
            <dt className="truncate text-sm text-stone-700 dark:text-stone-300">{row.who}</dt>
            <dd className="text-2xl font-bold">
              {row.score} av {challenge.total}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 font-semibold">{challengeVerdict(score, challenge)}</p>
    </section>
  );
}
