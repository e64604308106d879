import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import type { FormFailure } from "~/lib/form-errors";
import { useValidatedForm } from "~/lib/use-validated-form";
import { readSignInForm } from "../claim-rules";

export type SignInAnswer =
  | { ok: true; intent: "sign-in"; message: string }
  | (FormFailure & { intent: "sign-in"; values: { email: string } });

/** The host area's sign-in: one address, answered "we mailed you a link" whether or not it hosts a quiz. */
export function HostSignInForm({ answer }: { answer?: SignInAnswer }) {
  const navigation = useNavigation();
  const failure = answer && !answer.ok ? answer : null;
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: readSignInForm,
    serverErrors: failure?.fieldErrors,
  });
  if (answer?.ok) {
    return (
      <p
        role="status"
        className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {answer.message}
      </p>
    );
  }
  return (
    <Form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="intent" value="sign-in" />
      <Field label="E-postadress" error={errors.email} className="flex-1">
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={failure?.values.email}
        />
      </Field>
      <Button type="submit" disabled={navigation.state === "submitting"}>
        Mejla mig en länk
      </Button>
      {failure?.formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400 sm:basis-full">
          {failure.formError}
        </p>
      ) : null}
    </Form>
  );
}
