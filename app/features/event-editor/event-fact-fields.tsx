import { Field, Input, Select } from "~/components/ui/field";
import {
  BOOKING_LABELS,
  BOOKINGS,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  ENTRY_FEE_MAX,
  LANGUAGE_LABELS,
  LANGUAGES,
  PRIZE_MAX_LENGTH,
} from "~/features/events/public";
import type { FieldErrors } from "~/lib/form-errors";
import type { FactFormValues } from "./event-form-schema";

const UNKNOWN = "Vet ej";

/** Uncontrolled, so the form posts them with the rest; every one may stay unknown. */
export function EventFactFields({
  initial,
  errors,
  idFor,
}: {
  initial: FactFormValues;
  errors: FieldErrors;
  idFor: (name: string) => string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Bra att veta</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Visas på quizets sida och kort. Lämna det ni inte vet tomt eller ”{UNKNOWN}”.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={idFor("entryFee")}
          label="Inträde (kr per person)"
          hint="0 = gratis. Tomt = okänt."
          error={errors.entryFee}
        >
          <Input
            name="entryFee"
            inputMode="numeric"
            autoComplete="off"
            maxLength={String(ENTRY_FEE_MAX).length}
            defaultValue={initial.entryFee}
          />
        </Field>
        <Field id={idFor("booking")} label="Bokning" error={errors.booking}>
          <Select name="booking" defaultValue={initial.booking}>
            <option value="">{UNKNOWN}</option>
            {BOOKINGS.map((b) => (
              <option key={b} value={b}>
                {b === "none" ? "Ingen bokning behövs" : BOOKING_LABELS[b]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={idFor("bookingUrl")}
          label="Bokningslänk"
          hint="Där man bokar bord eller anmäler lag."
          error={errors.bookingUrl}
        >
          <Input
            name="bookingUrl"
            type="url"
            placeholder="https://"
            maxLength={500}
            defaultValue={initial.bookingUrl}
          />
        </Field>
        <Field
          id={idFor("prize")}
          label="Vinst"
          hint="T.ex. ”Presentkort på 500 kr till vinnarlaget”."
          error={errors.prize}
        >
          <Input name="prize" maxLength={PRIZE_MAX_LENGTH} autoComplete="off" defaultValue={initial.prize} />
        </Field>
        <Field id={idFor("difficulty")} label="Svårighet" error={errors.difficulty}>
          <Select name="difficulty" defaultValue={initial.difficulty}>
            <option value="">{UNKNOWN}</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={idFor("language")} label="Språk" error={errors.language}>
          <Select name="language" defaultValue={initial.language}>
            <option value="">{UNKNOWN}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_LABELS[l]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={idFor("wheelchairAccessible")}
          label="Rullstolsanpassat"
          error={errors.wheelchairAccessible}
        >
          <Select name="wheelchairAccessible" defaultValue={initial.wheelchairAccessible}>
            <option value="">{UNKNOWN}</option>
            <option value="ja">Ja</option>
            <option value="nej">Nej</option>
          </Select>
        </Field>
      </div>
    </fieldset>
  );
}
