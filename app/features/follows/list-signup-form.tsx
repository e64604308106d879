import { Bell } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { emailSchema } from "./follow-schema";

type Target = { kind: "event"; eventId: string } | { kind: "nutidsquiz" };

const COPY = {
  event: {
    heading: "Påminn mig",
    intro: "Få ett mejl på dagen för varje quizkväll, och direkt om en kväll ställs in eller flyttas.",
  },
  nutidsquiz: {
    heading: "Få veckans NutidsQuiz",
    intro: "Få ett mejl med länken när veckans NutidsQuiz är publicerat.",
  },
} as const;

/**
 * "Påminn mig" on an event page and "Få veckans NutidsQuiz" on the quiz pages: one address, posted to the
 * JSON endpoint; the answer is the same whatever the address. The address is checked here and again on
 * the server.
 */
export function ListSignupForm({ target, onDone }: { target: Target; onDone?: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = COPY[target.kind];
  const headingId = `list-signup-${target.kind}`;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = emailSchema.safeParse(new FormData(e.currentTarget).get("email") ?? "");
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      e.currentTarget.querySelector<HTMLInputElement>("input[name=email]")?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await apiFetch<{ message: string }>(
        target.kind === "event" ? "/api/follows" : "/api/subscriptions",
        {
          method: "POST",
          json:
            target.kind === "event"
              ? { eventId: target.eventId, email: parsed.data }
              : { email: parsed.data, topic: "nutidsquiz" },
        },
      );
      setDone(answer.message);
      // Following an event also keeps it in "Mina quiz" (this browser's list and calendar).
      await onDone?.().catch(() => {});
    } catch (failure) {
      setError(apiErrorMessage(failure, "Det gick inte att skicka. Försök igen."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Bell aria-hidden className="size-5 text-brand-700 dark:text-brand-300" />
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{copy.intro}</p>
      {done ? (
        <p role="status" className="mt-3 font-medium">
          {done}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="E-postadress" error={error} className="flex-1">
            <Input name="email" type="email" autoComplete="email" inputMode="email" required />
          </Field>
          <button type="submit" className={buttonClasses("primary")} disabled={busy}>
            {copy.heading}
          </button>
        </form>
      )}
      <p className="mt-3 text-xs text-stone-600 dark:text-stone-400">
        Du bekräftar via en länk i mejlet och kan avsluta med ett klick.{" "}
        <Link to="/integritet" className="underline">
          Integritet
        </Link>
      </p>
    </section>
  );
}
