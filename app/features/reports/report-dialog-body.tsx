import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/components/ui/toast";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { ContactFields, DialogActions, HoneypotField, useRequiredFields } from "./form-fields";
import {
  LIMITS,
  REPORT_REQUIRED_MESSAGES,
  REPORT_TYPES,
  REQUIRED_FIELDS_MESSAGE,
  REQUIRED_FIELDS_TITLE,
  type ReportType,
} from "./report-schema";

const REPORT_AUTO_CLOSE_MS = 2000;

const EMPTY = {
  reportType: "" as ReportType | "",
  title: "",
  description: "",
  name: "",
  email: "",
  website: "",
};

export default function ReportDialogBody({
  eventId,
  eventTitle,
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps & { eventId: string; eventTitle: string }) {
  const [form, setForm] = useState(EMPTY);
  const [isSending, setIsSending] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // A reply that arrives after the visitor closed the dialog must not reopen it on the thank-you panel.
  const isOpenRef = useRef(open);
  const thanksRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const required = useRequiredFields(id, REPORT_REQUIRED_MESSAGES, {
    type: form.reportType,
    title: form.title,
    description: form.description,
  });

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (isSent) thanksRef.current?.focus();
  }, [isSent]);

  function reset() {
    window.clearTimeout(closeTimer.current);
    setForm(EMPTY);
    required.reset();
    setIsSent(false);
    setIsSending(false);
  }

  // The trigger opens the dialog, so the first open arrives as a prop rather than through onOpenChange.
  useEffect(() => {
    isOpenRef.current = open;
  }, [open]);

  function handleOpenChange(next: boolean) {
    isOpenRef.current = next;
    onOpenChange(next);
    if (!next) reset();
  }

  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    if (!required.check()) {
      toast.error(REQUIRED_FIELDS_TITLE, { description: REQUIRED_FIELDS_MESSAGE });
      return;
    }
    setIsSending(true);
    let failure: unknown = null;
    try {
      await apiFetch("/api/reports", {
        json: {
          eventId,
          reportType: form.reportType,
          title: form.title,
          description: form.description,
          reporterName: form.name,
          contactEmail: form.email,
          website: form.website,
        },
      });
    } catch (error) {
      failure = error;
    }
    setIsSending(false);
    if (!isOpenRef.current) return;
    if (failure) {
      toast.error("Fel vid rapportering", {
        description: apiErrorMessage(failure, "Ett oväntat fel inträffade"),
      });
      return;
    }
    toast.success("Rapport skickad");
    setIsSent(true);
    closeTimer.current = window.setTimeout(() => handleOpenChange(false), REPORT_AUTO_CLOSE_MS);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Rapportera problem"
        description={
          <>
            Rapporterar för:{" "}
            <strong className="font-semibold text-stone-900 dark:text-stone-100">{eventTitle}</strong>
          </>
        }
      >
        {isSent ? (
          <div
            ref={thanksRef}
            tabIndex={-1}
            role="status"
            className="flex flex-col items-center gap-2 py-6 text-center outline-none"
          >
            <CheckCircle2 aria-hidden className="size-10 text-green-700 dark:text-green-400" />
            <p className="text-base font-semibold">Tack för din rapport!</p>
            <p className="text-sm text-stone-600 dark:text-stone-400">Vi tittar på det så snart vi kan.</p>
          </div>
        ) : (
          <form onSubmit={handleSubmit} noValidate className="relative space-y-4">
            <Field
              id={`${id}-type`}
              label="Typ av problem"
              marker="required"
              error={required.errorOf("type")}
            >
              <Select
                className="pr-8"
                id={`${id}-type`}
                value={form.reportType}
                onChange={(e) => set("reportType")(e.target.value)}
                onBlur={required.onBlur("type")}
                aria-required
              >
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
            <Field id={`${id}-title`} label="Titel" marker="required" error={required.errorOf("title")}>
              <Input
                id={`${id}-title`}
                value={form.title}
                maxLength={LIMITS.title}
                onChange={(e) => set("title")(e.target.value)}
                onBlur={required.onBlur("title")}
                placeholder="Kort sammanfattning"
                aria-required
              />
            </Field>
            <Field
              id={`${id}-description`}
              label="Beskrivning"
              marker="required"
              error={required.errorOf("description")}
            >
              <Textarea
                className="min-h-24 resize-y"
                id={`${id}-description`}
                value={form.description}
                maxLength={LIMITS.description}
                onChange={(e) => set("description")(e.target.value)}
                onBlur={required.onBlur("description")}
                placeholder="Vad stämmer inte?"
                aria-required
              />
            </Field>
            <ContactFields
              id={id}
              name={form.name}
              email={form.email}
              onNameChange={set("name")}
              onEmailChange={set("email")}
            />
            <HoneypotField value={form.website} onChange={set("website")} />
            <DialogActions submitLabel="Skicka rapport" isSending={isSending} isDisabled={isSending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
