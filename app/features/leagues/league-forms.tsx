import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import type { FormFailure } from "~/lib/form-errors";
import { useHydrated } from "~/lib/use-hydrated";
import { useValidatedForm } from "~/lib/use-validated-form";
import { getVisitorId } from "~/lib/visitor-id";
import { type LeagueFormValues, readCreateLeagueForm, readJoinLeagueForm } from "./league-rules";

export type LeagueFormFailure = FormFailure & { values: LeagueFormValues };

const NICKNAME_KEY = "quizkvall_league_nickname";

function storedNickname(): string | undefined {
  try {
    return window.localStorage.getItem(NICKNAME_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberNickname(form: HTMLFormElement) {
  const nickname = new FormData(form).get("nickname");
  try {
    if (typeof nickname === "string") window.localStorage.setItem(NICKNAME_KEY, nickname.trim());
  } catch {
    // Storage refused: the name is typed again next time.
  }
}

/**
 * A league form: the nickname is kept in the browser for the next league, and the browser's play id goes
 * with it, so the member's plays count. Without JavaScript there is no play id: the form says so.
 */
function LeagueForm({
  failure,
  validate,
  intent,
  submit,
  withName,
}: {
  failure: LeagueFormFailure | null;
  validate: typeof readJoinLeagueForm;
  intent: string;
  submit: string;
  withName: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { formRef, errors, onSubmit } = useValidatedForm({ validate, serverErrors: failure?.fieldErrors });
  const problem = errors.visitorId ?? errors.form ?? failure?.formError;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) rememberNickname(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="visitorId" value={hydrated ? getVisitorId() : ""} />
      {withName && (
        <Field label="Ligans namn" marker="required" error={errors.name}>
          <Input name="name" maxLength={40} defaultValue={failure?.values.name} />
        </Field>
      )}
      <Field
        label="Ditt smeknamn"
        marker="required"
        hint="Syns för de andra i ligan. Högst 30 tecken."
        error={errors.nickname}
      >
        <Input
          name="nickname"
          maxLength={30}
          autoComplete="nickname"
          defaultValue={failure?.values.nickname ?? (hydrated ? storedNickname() : undefined)}
          key={hydrated ? "hydrated" : "server"}
        />
      </Field>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      {!hydrated && (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Ligor behöver JavaScript, liksom quizet: dina spel räknas i den här webbläsaren.
        </p>
      )}
      <Button type="submit" disabled={!hydrated || navigation.state === "submitting"}>
        {submit}
      </Button>
    </Form>
  );
}

export function CreateLeagueForm({ failure }: { failure: LeagueFormFailure | null }) {
  return (
    <LeagueForm
      failure={failure}
      validate={readCreateLeagueForm}
      intent="create"
      submit="Skapa liga"
      withName
    />
  );
}

export function JoinLeagueForm({ failure }: { failure: LeagueFormFailure | null }) {
  return (
    <LeagueForm
      failure={failure}
      validate={readJoinLeagueForm}
      intent="join"
      submit="Gå med i ligan"
      withName={false}
    />
  );
}
