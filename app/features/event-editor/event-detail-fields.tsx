import type { InputHTMLAttributes } from "react";
import { Field, Input, labelClasses, Select } from "~/components/ui/field";
import { CITY_NAMES } from "~/lib/cities";
import type { FieldErrors } from "~/lib/form-errors";
import { QUIZ_TYPES, TEAM_SIZE_OPTIONS } from "./event-form-rules";
import type { EventFormValues } from "./event-form-schema";
import { PHONE_MAX_LENGTH } from "./event-form-schema";
import { HOST_LOCKED_FIELDS } from "./host-locked-fields";

type TextKey = {
  [K in keyof EventFormValues]: string extends EventFormValues[K] ? K : never;
}[keyof EventFormValues];

const LOCKED_HINT = "Ändras av Quizkvälls administratör.";

export function EventTitleField(props: {
  initial: EventFormValues;
  errors: FieldErrors;
  idFor: (name: string) => string;
  host: boolean;
}) {
  return <TextField {...props} name="title" label="Titel" input={{ maxLength: 200, autoComplete: "off" }} />;
}

/** Uncontrolled, so the form posts them with the rest. */
export function EventDetailFields({
  initial,
  errors,
  idFor: f,
  host,
  isEdit,
}: {
  initial: EventFormValues;
  errors: FieldErrors;
  idFor: (name: string) => string;
  host: boolean;
  isEdit: boolean;
}) {
  const common = { initial, errors, idFor: f, host };
  return (
    <>
      <TextField
        {...common}
        name="location"
        label="Plats"
        input={{ maxLength: 200 }}
        hint={isEdit ? "Tom behåller nuvarande plats." : "Tom blir staden."}
      />
      <TextField
        {...common}
        name="streetAddress"
        label="Gatuadress"
        input={{ maxLength: 200, autoComplete: "off" }}
        hint="Visas med en kartlänk."
      />
      <TextField
        {...common}
        name="locationUrl"
        label="Länk till plats (karta)"
        input={{ type: "url", placeholder: "https://" }}
      />
      {host ? (
        <LockedValue id={f("city")} name="city" label="Stad" value={initial.city} />
      ) : (
        <Field id={f("city")} label="Stad" error={errors.city}>
          <Select name="city" defaultValue={initial.city}>
            {CITY_NAMES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <fieldset>
        <legend className={labelClasses}>Typ av quiz</legend>
        <div className="mt-2 flex gap-4">
          {QUIZ_TYPES.map((type) => (
            <label key={type} className="inline-flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="quizType"
                value={type}
                className="size-4 accent-brand-600"
                defaultChecked={initial.quizType.includes(type)}
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField {...common} name="email" label="E-post" input={{ type: "email" }} />
      <TextField
        {...common}
        name="phone"
        label="Telefon"
        input={{ type: "tel", inputMode: "tel", autoComplete: "off", maxLength: PHONE_MAX_LENGTH }}
      />
      <TextField
        {...common}
        name="website"
        label="Webbplats"
        input={{ type: "url", placeholder: "https://" }}
      />
      <TextField {...common} name="instagram" label="Instagram" />
      <Field id={f("team")} label="Max personer per lag" error={errors.maxPersonsPerTeam}>
        <Select name="maxPersonsPerTeam" defaultValue={initial.maxPersonsPerTeam}>
          {TEAM_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size === "-" ? "- (okänt)" : size}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

function TextField({
  initial,
  errors,
  idFor: f,
  host,
  name,
  label,
  input = {},
  hint,
}: {
  initial: EventFormValues;
  errors: FieldErrors;
  idFor: (name: string) => string;
  host: boolean;
  name: TextKey;
  label: string;
  input?: InputHTMLAttributes<HTMLInputElement>;
  hint?: string;
}) {
  if (host && (HOST_LOCKED_FIELDS as readonly string[]).includes(name))
    return <LockedValue id={f(name)} name={name} label={label} value={initial[name]} />;
  return (
    <Field id={f(name)} label={label} hint={hint} error={errors[name]}>
      <Input name={name} defaultValue={initial[name]} {...input} />
    </Field>
  );
}

/** Posted as it is; the server puts the stored value back whatever was posted. */
function LockedValue({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <dl id={id}>
      <dt className={labelClasses}>{label}</dt>
      <dd className="mt-1 break-words text-stone-900 dark:text-stone-100">
        {value || "–"}
        <input type="hidden" name={name} value={value} />
      </dd>
      <dd className="mt-1 text-xs text-stone-600 dark:text-stone-400">{LOCKED_HINT}</dd>
    </dl>
  );
}
