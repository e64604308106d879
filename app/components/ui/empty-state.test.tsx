import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state";

/** The classes of the rendered root element, as a sorted list (their order does not change the look). */
function classesOf(element: React.ReactElement): { tag: string; classes: string[] } {
  const html = renderToStaticMarkup(element);
  const match = /^<(\w+) class="([^"]*)"/.exec(html);
  if (!match) throw new Error(html);
  return { tag: match[1] ?? "", classes: (match[2] ?? "").split(/\s+/).sort() };
}

const sorted = (classes: string) => classes.split(/\s+/).sort();

describe("EmptyState", () => {
  it("draws the dashed box of a list with nothing yet, muted and centred by default", () => {
    expect(classesOf(<EmptyState className="mt-8">Inga quiz än.</EmptyState>)).toEqual({
      tag: "p",
      classes: sorted(
        "mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400",
      ),
    });
  });

  it("takes the event list's taller padding in the page's own colour, or a left-aligned body text", () => {
    expect(
      classesOf(
        <EmptyState as="div" padding="xl" tone="inherit">
          x
        </EmptyState>,
      ),
    ).toEqual({
      tag: "div",
      classes: sorted(
        "rounded-2xl border border-dashed border-stone-300 px-6 py-16 text-center dark:border-stone-700",
      ),
    });
    expect(
      classesOf(
        <EmptyState padding="sm" tone="body" centered={false}>
          x
        </EmptyState>,
      ).classes,
    ).toEqual(
      sorted(
        "rounded-2xl border border-dashed border-stone-300 p-6 text-stone-700 dark:border-stone-700 dark:text-stone-300",
      ),
    );
  });
});
