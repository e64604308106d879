import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import type { FormFailure } from "~/lib/form-errors";
import { useValidatedForm } from "~/lib/use-validated-form";
import { CLAIM_MESSAGE_MAX, type ClaimValues, readClaimForm } from "../claim-rules";

export type ClaimAnswer = { ok: true; message: string } | (FormFailure & { values: ClaimValues });

/** Checked here with the action's schema, and again there; a plain form without JavaScript. */
export function ClaimForm({ answer }: { answer?: ClaimAnswer }) {
  const navigation = useNavigation();
  const failure = answer && !answer.ok ? answer : null;
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: readClaimForm,
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
  const values = failure?.values;
  return (
    <Form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Namn" marker="required" error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={100} defaultValue={values?.name} />
      </Field>
      <Field
        label="E-postadress"
        marker="required"
        hint="Inloggningslänken mejlas hit. Samma adress som quizets egen godkänns direkt."
        error={errors.email}
      >
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={values?.email}
        />
      </Field>
      <Field
        label="Din roll på stället"
        marker="required"
        hint="T.ex. quizmaster, ägare eller personal"
        error={errors.venueRole}
      >
        <Input name="venueRole" maxLength={100} defaultValue={values?.venueRole} />
      </Field>
      <Field label="Meddelande" marker="optional" error={errors.message}>
        <Textarea name="message" rows={4} maxLength={CLAIM_MESSAGE_MAX} defaultValue={values?.message} />
      </Field>
      {failure?.formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure.formError}
        </p>
      ) : null}
      <Button type="submit" disabled={navigation.state === "submitting"}>
        Skicka ansökan
      </Button>
    </Form>
  );
}
