import { Form, useNavigation } from "react-router";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form-errors";
import { useValidatedForm } from "~/lib/use-validated-form";
import type { PageFormAnswer } from "./page-form-answer";
import { FormAlert, PageContactFields, PageHoneypot, SubmitButton, ThanksPanel } from "./page-form-parts";
import {
  LIMITS,
  REPORT_REQUIRED_MESSAGES,
  REPORT_TYPES,
  REQUIRED_FIELDS_MESSAGE,
  REQUIRED_FIELDS_TITLE,
  reportInputSchema,
  SUGGESTION_CITIES,
  SUGGESTION_REQUIRED_MESSAGES,
  suggestionInputSchema,
} from "./report-schema";

/** The dialogs' forms as pages: where their triggers lead without JavaScript. */

const failureOf = (answer: PageFormAnswer | undefined) => (answer && !answer.ok ? answer : null);

/** An empty required field says what the dialog says under it; any other problem, the schema's words. */
function messageAt(
  errors: FieldErrors,
  field: string,
  emptyMessage: string,
  isEmpty: (message: string) => boolean,
) {
  const message = errors[field];
  if (!message) return null;
  return isEmpty(message) ? emptyMessage : message;
}

export function ReportPageForm({ eventId, answer }: { eventId: string; answer?: PageFormAnswer }) {
  const failure = failureOf(answer);
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: (form) => reportInputSchema.safeParse({ ...Object.fromEntries(form), eventId }),
    serverErrors: failure?.fieldErrors,
  });
  const isBusy = useNavigation().state === "submitting";
  if (answer?.ok)
    return <ThanksPanel title="Tack för din rapport!" text="Vi tittar på det så snart vi kan." />;
  const isRequired = (message: string) => message === REQUIRED_FIELDS_MESSAGE;
  const isMissing = Object.values(errors).some((message) => message === REQUIRED_FIELDS_MESSAGE);
  const values = failure?.values;
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="relative space-y-4">
      {isMissing ? <FormAlert title={REQUIRED_FIELDS_TITLE}>{REQUIRED_FIELDS_MESSAGE}</FormAlert> : null}
      {failure?.formError ? <FormAlert title="Fel vid rapportering">{failure.formError}</FormAlert> : null}
      <Field
        label="Typ av problem"
        marker="required"
        error={messageAt(errors, "reportType", REPORT_REQUIRED_MESSAGES.type, isRequired)}
      >
        <Select className="pr-8" name="reportType" defaultValue={values?.reportType ?? ""} aria-required>
          <option value="" disabled>
            Välj typ
          </option>
          {REPORT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Titel"
        marker="required"
        error={messageAt(errors, "title", REPORT_REQUIRED_MESSAGES.title, isRequired)}
      >
        <Input
          name="title"
          defaultValue={values?.title}
          maxLength={LIMITS.title}
          placeholder="Kort sammanfattning"
          aria-required
        />
      </Field>
      <Field
        label="Beskrivning"
        marker="required"
        error={messageAt(errors, "description", REPORT_REQUIRED_MESSAGES.description, isRequired)}
      >
        <Textarea
          className="min-h-24 resize-y"
          name="description"
          defaultValue={values?.description}
          maxLength={LIMITS.description}
          placeholder="Vad stämmer inte?"
          aria-required
        />
      </Field>
      <PageContactFields nameField="reporterName" values={values} emailError={errors.contactEmail} />
      <PageHoneypot />
      <SubmitButton label="Skicka rapport" isBusy={isBusy} />
    </Form>
  );
}

const SUGGESTION_EMPTY_MESSAGES = new Set(["Ställets namn är obligatoriskt.", "Välj en stad."]);

export function SuggestionPageForm({ answer }: { answer?: PageFormAnswer }) {
  const failure = failureOf(answer);
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: (form) => suggestionInputSchema.safeParse(Object.fromEntries(form)),
    serverErrors: failure?.fieldErrors,
  });
  const isBusy = useNavigation().state === "submitting";
  if (answer?.ok)
    return (
      <ThanksPanel
        title="Tack för ditt förslag!"
        text="Vi kommer att granska ditt förslag på nytt quiz-ställe."
      />
    );
  const isEmpty = (message: string) => SUGGESTION_EMPTY_MESSAGES.has(message);
  const values = failure?.values;
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="relative space-y-4">
      {failure?.formError ? <FormAlert title="Fel">{failure.formError}</FormAlert> : null}
      <Field
        label="Ställets namn"
        marker="required"
        error={messageAt(errors, "venueName", SUGGESTION_REQUIRED_MESSAGES.venue, isEmpty)}
      >
        <Input name="venueName" defaultValue={values?.venueName} maxLength={LIMITS.venueName} required />
      </Field>
      <Field
        label="Stad"
        marker="required"
        error={messageAt(errors, "city", SUGGESTION_REQUIRED_MESSAGES.city, isEmpty)}
      >
        <Select className="pr-8" name="city" defaultValue={values?.city ?? ""} required>
          <option value="" disabled>
            Välj stad
          </option>
          {SUGGESTION_CITIES.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </Select>
      </Field>
      <PageContactFields nameField="contactName" values={values} emailError={errors.contactEmail} />
      <Field label="Övrig information" marker="optional" error={errors.additionalInfo}>
        <Textarea
          className="min-h-24 resize-y"
          name="additionalInfo"
          defaultValue={values?.additionalInfo}
          maxLength={LIMITS.additionalInfo}
          placeholder="Veckodag, tid, adress eller länk"
        />
      </Field>
      <PageHoneypot />
      <SubmitButton label="Skicka förslag" isBusy={isBusy} />
    </Form>
  );
}
