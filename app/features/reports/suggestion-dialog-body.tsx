import { type FormEvent, useId, useState } from "react";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/components/ui/toast";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { ContactFields, DialogActions, HoneypotField, useRequiredFields } from "./form-fields";
import { LIMITS, SUGGESTION_CITIES, SUGGESTION_REQUIRED_MESSAGES } from "./report-schema";

const EMPTY = { venueName: "", city: "", contactName: "", contactEmail: "", additionalInfo: "", website: "" };

export default function SuggestionDialogBody({
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps) {
  const [form, setForm] = useState(EMPTY);
  const [isSending, setIsSending] = useState(false);
  const id = useId();
  const required = useRequiredFields(id, SUGGESTION_REQUIRED_MESSAGES, {
    venue: form.venueName,
    city: form.city,
  });
  const canSubmit = required.isComplete && !isSending;

  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setForm(EMPTY);
      required.reset();
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!required.check() || isSending) return;
    setIsSending(true);
    try {
      await apiFetch("/api/suggestions", { json: form });
    } catch (error) {
      toast.error("Fel", {
        description: apiErrorMessage(error, "Kunde inte skicka förslaget. Försök igen senare."),
      });
      return;
    } finally {
      setIsSending(false);
    }
    toast.success("Tack för ditt förslag!", {
      description: "Vi kommer att granska ditt förslag på nytt quiz-ställe.",
    });
    handleOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Föreslå ett quizställe"
        description="Känner du till ett quiz som saknas här? Tipsa oss så lägger vi till det."
      >
        <form onSubmit={handleSubmit} className="relative space-y-4">
          <Field id={`${id}-venue`} label="Ställets namn" marker="required" error={required.errorOf("venue")}>
            <Input
              id={`${id}-venue`}
              value={form.venueName}
              maxLength={LIMITS.venueName}
              onChange={(e) => set("venueName")(e.target.value)}
              onBlur={required.onBlur("venue")}
              required
            />
          </Field>
          <Field id={`${id}-city`} label="Stad" marker="required" error={required.errorOf("city")}>
            <Select
              className="pr-8"
              id={`${id}-city`}
              value={form.city}
              onChange={(e) => set("city")(e.target.value)}
              onBlur={required.onBlur("city")}
              required
            >
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
          <ContactFields
            id={id}
            name={form.contactName}
            email={form.contactEmail}
            onNameChange={set("contactName")}
            onEmailChange={set("contactEmail")}
          />
          <Field id={`${id}-info`} label="Övrig information" marker="optional">
            <Textarea
              className="min-h-24 resize-y"
              id={`${id}-info`}
              value={form.additionalInfo}
              maxLength={LIMITS.additionalInfo}
              placeholder="Veckodag, tid, adress eller länk"
              onChange={(e) => set("additionalInfo")(e.target.value)}
            />
          </Field>
          <HoneypotField value={form.website} onChange={set("website")} />
          <DialogActions submitLabel="Skicka förslag" isSending={isSending} isDisabled={!canSubmit} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
