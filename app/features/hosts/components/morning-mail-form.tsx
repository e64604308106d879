import { Form } from "react-router";
import { Button } from "~/components/ui/button";

const MORNING_MAIL_LABEL = "Morgonmejl på quizdagar: Blir det quiz ikväll?";

/**
 * A host's choice of the morning mail for one of their events: a checkbox and "Spara", posted to the host
 * area's action (works without JavaScript).
 */
export function MorningMailForm({
  eventId,
  title,
  on,
  saved,
  busy,
}: {
  eventId: string;
  title: string;
  on: boolean;
  /** The action just saved this event's choice: it says so. */
  saved: boolean;
  busy: boolean;
}) {
  const id = `morning-mail-${eventId}`;
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <input type="hidden" name="intent" value="morning-mail" />
      <input type="hidden" name="eventId" value={eventId} />
      <span className="flex items-center gap-2">
        <input
          key={String(on)}
          id={id}
          type="checkbox"
          name="morningMail"
          defaultChecked={on}
          className="size-4"
        />
        <label htmlFor={id}>
          {MORNING_MAIL_LABEL}
          <span className="sr-only"> – {title}</span>
        </label>
      </span>
      <Button type="submit" variant="secondary" disabled={busy}>
        Spara<span className="sr-only"> morgonmejl – {title}</span>
      </Button>
      {saved ? (
        <span role="status" className="font-medium text-emerald-800 dark:text-emerald-300">
          {on ? "Morgonmejlet är påslaget." : "Morgonmejlet är avstängt."}
        </span>
      ) : null}
    </Form>
  );
}
