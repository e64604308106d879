import { type ComponentType, type RefAttributes, useState } from "react";
import type { FetcherFormProps } from "react-router";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { useValidatedForm } from "~/lib/use-validated-form";
import {
  ContactFields,
  FormActions,
  FormAlert,
  failureOf,
  HoneypotField,
  messageAt,
  ThanksPanel,
} from "./form-parts";
import type { PageFormAnswer } from "./page-form-answer";
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

/**
 * The 'Rapportera problem' and 'Föreslå ett quizställe' forms, each written once: in its dialog (a fetcher's
 * form, refusals told by toast) and on its page, where the dialog's trigger leads without JavaScript (the
 * router's form, refusals shown above the fields). Both post to the page's action.
 */
type FormShell = {
  as: ComponentType<FetcherFormProps & RefAttributes<HTMLFormElement>>;
  action?: string;
  answer?: PageFormAnswer;
  isBusy: boolean;
  inDialog: boolean;
};

const isRequiredMessage = (message: string) => message === REQUIRED_FIELDS_MESSAGE;

export function ReportForm({
  eventId,
  as: FormAs,
  action,
  answer,
  isBusy,
  inDialog,
}: FormShell & { eventId: string }) {
  const failure = failureOf(answer);
  const [isRefusedAsIncomplete, setRefusedAsIncomplete] = useState(false);
  const form = useValidatedForm({
    validate: (data) => reportInputSchema.safeParse({ ...Object.fromEntries(data), eventId }),
    serverErrors: failure?.fieldErrors,
    onInvalid: (found) => {
      if (!Object.values(found).some((message) => message && isRequiredMessage(message))) return;
      if (inDialog) toast.error(REQUIRED_FIELDS_TITLE, { description: REQUIRED_FIELDS_MESSAGE });
      else setRefusedAsIncomplete(true);
    },
  });
  if (answer?.ok)
    return <ThanksPanel title="Tack för din rapport!" text="Vi tittar på det så snart vi kan." />;
  const { errors } = form;
  const wasIncomplete =
    isRefusedAsIncomplete ||
    Object.values(failure?.fieldErrors ?? {}).some((message) => message && isRequiredMessage(message));
  const values = failure?.values;
  return (
    <FormAs
      ref={form.formRef}
      method="post"
      action={action}
      defaultShouldRevalidate={inDialog ? false : undefined}
      noValidate
      onSubmit={(event) => {
        // A send refused again for missing fields says so again (onInvalid); any other send drops the alert.
        setRefusedAsIncomplete(false);
        form.onSubmit(event);
      }}
      onBlur={form.onBlur}
      onChange={form.onChange}
      className="relative space-y-4"
    >
      {!inDialog && wasIncomplete ? (
        <FormAlert title={REQUIRED_FIELDS_TITLE}>{REQUIRED_FIELDS_MESSAGE}</FormAlert>
      ) : null}
      {!inDialog && failure?.formError ? (
        <FormAlert title="Fel vid rapportering">{failure.formError}</FormAlert>
      ) : null}
      <Field
        label="Typ av problem"
        marker="required"
        error={messageAt(errors, "reportType", REPORT_REQUIRED_MESSAGES.type, isRequiredMessage)}
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
        error={messageAt(errors, "title", REPORT_REQUIRED_MESSAGES.title, isRequiredMessage)}
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
        error={messageAt(errors, "description", REPORT_REQUIRED_MESSAGES.description, isRequiredMessage)}
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
      <ContactFields nameField="reporterName" values={values} emailError={errors.contactEmail} />
      <HoneypotField />
      <FormActions label="Skicka rapport" isBusy={isBusy} inDialog={inDialog} />
    </FormAs>
  );
}

const SUGGESTION_EMPTY_MESSAGES = new Set(["Ställets namn är obligatoriskt.", "Välj en stad."]);
const isEmptySuggestionField = (message: string) => SUGGESTION_EMPTY_MESSAGES.has(message);

/** Venue and city are required: once the page runs, the send button waits for both. */
function hasVenueAndCity(form: HTMLFormElement) {
  const data = new FormData(form);
  return String(data.get("venueName") ?? "").trim() !== "" && String(data.get("city") ?? "") !== "";
}

export function SuggestionForm({ as: FormAs, action, answer, isBusy, inDialog }: FormShell) {
  const failure = failureOf(answer);
  const values = failure?.values;
  const isHydrated = useHydrated();
  const [isComplete, setComplete] = useState(Boolean(values?.venueName?.trim() && values?.city));
  const form = useValidatedForm({
    validate: (data) => suggestionInputSchema.safeParse(Object.fromEntries(data)),
    serverErrors: failure?.fieldErrors,
  });
  if (answer?.ok)
    return (
      <ThanksPanel
        title="Tack för ditt förslag!"
        text="Vi kommer att granska ditt förslag på nytt quiz-ställe."
      />
    );
  const { errors } = form;
  return (
    <FormAs
      ref={form.formRef}
      method="post"
      action={action}
      defaultShouldRevalidate={inDialog ? false : undefined}
      noValidate
      onSubmit={form.onSubmit}
      onBlur={form.onBlur}
      onChange={(event) => {
        setComplete(hasVenueAndCity(event.currentTarget));
        form.onChange(event);
      }}
      className="relative space-y-4"
    >
      {!inDialog && failure?.formError ? <FormAlert title="Fel">{failure.formError}</FormAlert> : null}
      <Field
        label="Ställets namn"
        marker="required"
        error={messageAt(errors, "venueName", SUGGESTION_REQUIRED_MESSAGES.venue, isEmptySuggestionField)}
      >
        <Input name="venueName" defaultValue={values?.venueName} maxLength={LIMITS.venueName} required />
      </Field>
      <Field
        label="Stad"
        marker="required"
        error={messageAt(errors, "city", SUGGESTION_REQUIRED_MESSAGES.city, isEmptySuggestionField)}
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
      <ContactFields nameField="contactName" values={values} emailError={errors.contactEmail} />
      <Field label="Övrig information" marker="optional" error={errors.additionalInfo}>
        <Textarea
          className="min-h-24 resize-y"
          name="additionalInfo"
          defaultValue={values?.additionalInfo}
          maxLength={LIMITS.additionalInfo}
          placeholder="Veckodag, tid, adress eller länk"
        />
      </Field>
      <HoneypotField />
      <FormActions
        label="Skicka förslag"
        isBusy={isBusy}
        isDisabled={isBusy || (isHydrated && !isComplete)}
        inDialog={inDialog}
      />
    </FormAs>
  );
}
