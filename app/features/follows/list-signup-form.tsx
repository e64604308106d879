import { Bell } from "lucide-react";
import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import type { FormFailure } from "~/lib/form-errors";
import { useActionResult } from "~/lib/use-action-result";
import { useValidatedForm } from "~/lib/use-validated-form";
import { checkListSignupForm } from "./list-signup-check";
import { LIST_SIGNUP_PATH } from "./list-signup-path";
import { ensureMyQuizzesKey } from "./my-quizzes-store";

type Target = { kind: "event"; eventId: string } | { kind: "nutidsquiz" };

type ListSignupFormAnswer = { ok: true; message: string } | (FormFailure & { values: { email: string } });

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

/** The answer is the same whatever the address; the address is checked here and again on the server. */
export function ListSignupForm({
  target,
  onDone,
  answer,
}: {
  target: Target;
  onDone?: () => Promise<void>;
  answer?: ListSignupFormAnswer;
}) {
  const fetcher = useFetcher<ListSignupFormAnswer>();
  const result = fetcher.data ?? answer;
  const failure = result && !result.ok ? result : null;
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: checkListSignupForm,
    serverErrors: failure?.fieldErrors,
  });
  const thanksRef = useRef<HTMLParagraphElement>(null);
  // The thanks replaces the focused button: focus moves to it, not to the page's start.
  useActionResult(fetcher.data, (data) => {
    if (!data.ok) return;
    thanksRef.current?.focus();
    onDone?.().catch(() => {});
  });
  const copy = COPY[target.kind];
  const headingId = `list-signup-${target.kind}`;
  const busy = fetcher.state !== "idle";

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
      {result?.ok ? (
        <p ref={thanksRef} tabIndex={-1} role="status" className="mt-3 font-medium outline-none">
          {result.message}
        </p>
      ) : (
        <fetcher.Form
          ref={formRef}
          method="post"
          action={LIST_SIGNUP_PATH}
          onSubmit={(event) => {
            // Its end (one click in a mail) leaves this browser's Mina quiz too.
            const feedKey = event.currentTarget.elements.namedItem("feedKey");
            if (feedKey instanceof HTMLInputElement) feedKey.value = ensureMyQuizzesKey();
            onSubmit(event);
          }}
          noValidate
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="topic" value={target.kind} />
          {target.kind === "event" ? (
            <>
              <input type="hidden" name="eventId" value={target.eventId} />
              <input type="hidden" name="feedKey" defaultValue="" />
            </>
          ) : null}
          <Field label="E-postadress" error={errors.email} className="flex-1">
            <Input
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              defaultValue={failure?.values.email}
            />
          </Field>
          <button type="submit" className={buttonClasses("primary")} disabled={busy}>
            {copy.heading}
          </button>
        </fetcher.Form>
      )}
      {failure?.formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {failure.formError}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-stone-600 dark:text-stone-400">
        Du bekräftar via en länk i mejlet och kan avsluta med ett klick.{" "}
        <Link to="/integritet" className="underline">
          Integritet
        </Link>
      </p>
    </section>
  );
}
