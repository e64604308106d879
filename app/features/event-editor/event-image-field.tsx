import { Field, Input } from "~/components/ui/field";
import type { EventView } from "~/features/events/public";
import { imageSources } from "~/features/events/public";

export function EventImageField({
  id,
  event,
  error,
}: {
  id: string;
  event?: EventView;
  /** Too large, or refused by the server. */
  error?: string;
}) {
  return (
    <Field
      id={id}
      label="Bild"
      hint={
        event
          ? "Välj en ny bild för att byta; annars behålls den nuvarande."
          : "JPEG, PNG, WebP, GIF eller AVIF."
      }
      error={error}
    >
      {event?.image ? (
        <figure className="mt-1 flex items-center gap-3">
          <img
            src={imageSources(event.image).src}
            srcSet={imageSources(event.image).srcSet}
            sizes="8rem"
            alt={`Nuvarande bild för ${event.title}`}
            className="aspect-video w-32 rounded-lg border border-stone-200 object-cover dark:border-stone-800"
          />
          <figcaption className="text-xs text-stone-600 dark:text-stone-400">Nuvarande bild</figcaption>
        </figure>
      ) : null}
      <Input
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1 file:text-sm dark:file:bg-stone-800 dark:file:text-stone-100"
      />
    </Field>
  );
}
