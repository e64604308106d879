// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useAfterPaint } from "./use-after-paint";

afterEach(cleanup);

function Probe({ value }: { value: string }) {
  const late = useAfterPaint(value);
  return (
    <p>
      <span data-testid="now">{value}</span>
      <span data-testid="late">{late}</span>
    </p>
  );
}

/** Every value the late side took, render by render. */
const seen: string[] = [];
function Recorder({ value }: { value: string }) {
  seen.push(useAfterPaint(value));
  return null;
}

/** One animation frame, then the task after it. */
async function nextFrameAndTask() {
  await act(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    await new Promise<void>((resolve) => setTimeout(resolve));
  });
}

describe("useAfterPaint", () => {
  it("starts with the value itself", () => {
    render(<Probe value="a" />);
    expect(screen.getByTestId("late").textContent).toBe("a");
  });

  it("follows a new value only after the next frame", async () => {
    const { rerender } = render(<Probe value="a" />);
    act(() => rerender(<Probe value="ab" />));
    expect(screen.getByTestId("now").textContent).toBe("ab");
    expect(screen.getByTestId("late").textContent).toBe("a");
    await nextFrameAndTask();
    expect(screen.getByTestId("late").textContent).toBe("ab");
  });

  it("skips values replaced before their frame came", async () => {
    seen.length = 0;
    const { rerender } = render(<Recorder value="a" />);
    act(() => rerender(<Recorder value="ab" />));
    act(() => rerender(<Recorder value="abc" />));
    await nextFrameAndTask();
    expect(seen.at(-1)).toBe("abc");
    expect(seen).not.toContain("ab");
  });
});
