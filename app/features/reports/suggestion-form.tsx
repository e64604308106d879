import { type ReactNode, useState } from "react";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { ContactFields, FormActions, FormAlert, HoneypotField, ThanksPanel } from "./form-fields";
import { formErrorText, type PageFormAnswer } from "./page-form-answer";
import {
  LIMITS,
  SUGGESTION_CITIES,
  SUGGESTION_REQUIRED_MESSAGES,
  suggestionInputSchema,
} from "./report-schema";
import { SUGGESTION_PAGE_PATH } from "./suggestion-path";
import { usePageForm } from "./use-page-form";

export const SUGGESTION_FAILED_TITLE = "Fel";
export const SUGGESTION_FAILED_FALLBACK = "Kunde inte skicka förslaget. Försök igen senare.";
export const SUGGESTION_THANKS = {
  title: "Tack för ditt förslag!",
  text: "Vi kommer att granska ditt förslag på nytt quiz-ställe.",
};

const SUGGESTION_EMPTY_MESSAGES = new Set(["Ställets namn är obligatoriskt.", "Välj en stad."]);
const isEmptyMessage = (message: string) => SUGGESTION_EMPTY_MESSAGES.has(message);
const EMPTY_MESSAGES = {
  venueName: SUGGESTION_REQUIRED_MESSAGES.venue,
  city: SUGGESTION_REQUIRED_MESSAGES.city,
};

/** Venue and city filled in: what the dialog's submit button waits for. */
function hasRequired(form: HTMLFormElement) {
  const data = new FormData(form);
  return String(data.get("venueName") ?? "").trim() !== "" && String(data.get("city") ?? "") !== "";
}

/**
 * The 'Saknar du ett quiz?' form, posted to its page's action: on that page, where it works without
 * JavaScript, and in the dialog, where the fetcher's answer shows in place. The schema checks it in the
 * browser first. `answer` is the action's when the page itself was posted; `onAnswer` hears each answer the
 * fetcher brings (the dialog's toasts). `waitsForRequired` keeps the submit button disabled until venue and
 * city are filled in (the dialog, which only exists with JavaScript).
 */
export function SuggestionForm({
  answer,
  cancel,
  onAnswer,
  waitsForRequired = false,
}: {
  answer?: PageFormAnswer;
  cancel?: ReactNode;
  onAnswer?: (answer: PageFormAnswer) => void;
  waitsForRequired?: boolean;
}) {
  const form = usePageForm({
    answer,
    validate: (data) => suggestionInputSchema.safeParse(Object.fromEntries(data)),
    emptyMessages: EMPTY_MESSAGES,
    isEmptyMessage,
    onAnswer,
  });
  const [isComplete, setIsComplete] = useState(!waitsForRequired);
  const { failure, errors, errorAt } = form;
  if (form.isThanked) return <ThanksPanel ref={form.thanksRef} {...SUGGESTION_THANKS} />;
  const values = failure?.values;
  const formError = failure && formErrorText(failure, SUGGESTION_FAILED_FALLBACK);
  return (
    <form.Form
      {...form.formProps}
      action={SUGGESTION_PAGE_PATH}
      onChange={(event) => {
        form.formProps.onChange(event);
        if (waitsForRequired) setIsComplete(hasRequired(event.currentTarget));
      }}
      className="relative space-y-4"
    >
      {formError ? <FormAlert title={SUGGESTION_FAILED_TITLE}>{formError}</FormAlert> : null}
      <Field label="Ställets namn" marker="required" error={errorAt("venueName")}>
        <Input name="venueName" defaultValue={values?.venueName} maxLength={LIMITS.venueName} required />
      </Field>
      <Field label="Stad" marker="required" error={errorAt("city")}>
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
        submitLabel="Skicka förslag"
        isBusy={form.isBusy}
        isDisabled={!isComplete}
        cancel={cancel}
      />
    </form.Form>
  );
}
