import { Undo2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/time";
import { isUndoableField } from "./event-history";
import type { EventChangeView } from "./event-history.server";
import { actorText, fieldLabel, valueText } from "./history-text";

/** An event's changes, newest first, each with "Ångra" while it can be undone. Posts work without JavaScript. */
export function EventHistoryList({ changes }: { changes: EventChangeView[] }) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("changeId") : null;
  return (
    <ol className="divide-y divide-stone-200 dark:divide-stone-800">
      {changes.map((c) => (
        <li key={c.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">
              {fieldLabel(c.field)}
              {c.undoOf && (
                <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-medium dark:bg-stone-800">
                  Ångrad ändring
                </span>
              )}
            </p>
            <p className="text-sm break-words">
              <span className="text-stone-600 line-through decoration-stone-400 dark:text-stone-400">
                {valueText(c.field, c.before)}
              </span>
              <span aria-hidden> → </span>
              <span className="sr-only"> ändrades till </span>
              <span>{valueText(c.field, c.after)}</span>
            </p>
            <p className="text-xs text-stone-600 dark:text-stone-400">
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time> · {actorText(c)}
              {c.undoneAt && <> · Ångrades {formatDateTime(c.undoneAt)}</>}
            </p>
          </div>
          {isUndoableField(c.field) && !c.undoneAt ? (
            <Form method="post" className="shrink-0">
              <input type="hidden" name="changeId" value={c.id} />
              <Button
                type="submit"
                variant="secondary"
                disabled={busyId === c.id}
                aria-label={`Ångra ${fieldLabel(c.field).toLowerCase()} ${formatDateTime(c.createdAt)}`}
              >
                <Undo2 aria-hidden className="size-4" />
                Ångra
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
