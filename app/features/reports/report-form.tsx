import type { ReactNode } from "react";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form-errors";
import { ContactFields, FormActions, FormAlert, HoneypotField, ThanksPanel } from "./form-fields";
import { formErrorText, type PageFormAnswer } from "./page-form-answer";
import {
  LIMITS,
  REPORT_REQUIRED_MESSAGES,
  REPORT_TYPES,
  REQUIRED_FIELDS_MESSAGE,
  REQUIRED_FIELDS_TITLE,
  reportInputSchema,
} from "./report-schema";
import { usePageForm } from "./use-page-form";

export const REPORT_FAILED_TITLE = "Fel vid rapportering";
export const REPORT_FAILED_FALLBACK = "Ett oväntat fel inträffade";
const REPORT_THANKS = { title: "Tack för din rapport!", text: "Vi tittar på det så snart vi kan." };

const isRequiredMessage = (message: string) => message === REQUIRED_FIELDS_MESSAGE;
const EMPTY_MESSAGES = {
  reportType: REPORT_REQUIRED_MESSAGES.type,
  title: REPORT_REQUIRED_MESSAGES.title,
  description: REPORT_REQUIRED_MESSAGES.description,
};

/** Whether a check's errors include an empty required field (the spec's 'Fyll i alla obligatoriska fält'). */
export const isReportIncomplete = (errors: FieldErrors) =>
  Object.values(errors).some((message) => message === REQUIRED_FIELDS_MESSAGE);

/**
 * The 'Rapportera problem' form of one event, posted to its page's action (`action`,
 * routes/public/report.tsx): on that page, where it works without JavaScript, and in the dialog, where
 * the fetcher's answer shows in place. The schema checks it in the browser first. `answer` is the action's
 * answer when the page itself was posted; `onAnswer` hears each answer the fetcher brings (the dialog's
 * toasts), `onInvalid` each send the browser refused.
 */
export function ReportForm({
  eventId,
  action,
  answer,
  cancel,
  onAnswer,
  onInvalid,
}: {
  eventId: string;
  action: string;
  answer?: PageFormAnswer;
  cancel?: ReactNode;
  onAnswer?: (answer: PageFormAnswer) => void;
  onInvalid?: (errors: FieldErrors) => void;
}) {
  const form = usePageForm({
    answer,
    validate: (data) => reportInputSchema.safeParse({ ...Object.fromEntries(data), eventId }),
    emptyMessages: EMPTY_MESSAGES,
    isEmptyMessage: isRequiredMessage,
    onAnswer,
    onInvalid,
  });
  const { failure, errors, errorAt } = form;
  if (form.isThanked) return <ThanksPanel ref={form.thanksRef} {...REPORT_THANKS} />;
  const values = failure?.values;
  const formError = failure && formErrorText(failure, REPORT_FAILED_FALLBACK);
  return (
    <form.Form {...form.formProps} action={action} className="relative space-y-4">
      {isReportIncomplete(errors) ? (
        <FormAlert title={REQUIRED_FIELDS_TITLE}>{REQUIRED_FIELDS_MESSAGE}</FormAlert>
      ) : null}
      {formError ? <FormAlert title={REPORT_FAILED_TITLE}>{formError}</FormAlert> : null}
      <Field label="Typ av problem" marker="required" error={errorAt("reportType")}>
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
      <Field label="Titel" marker="required" error={errorAt("title")}>
        <Input
          name="title"
          defaultValue={values?.title}
          maxLength={LIMITS.title}
          placeholder="Kort sammanfattning"
          aria-required
        />
      </Field>
      <Field label="Beskrivning" marker="required" error={errorAt("description")}>
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
      <FormActions submitLabel="Skicka rapport" isBusy={form.isBusy} cancel={cancel} />
    </form.Form>
  );
}
