import { describe, expect, it } from "vitest";
import { arrayLiteral, createWriteBatcher, inRounds } from "./write-batcher.server";

/** A write whose statements finish when the test says, recording what each statement held. */
function controlledWrite() {
  const statements: { inputs: number[]; finish: () => void; fail: (error: unknown) => void }[] = [];
  const write = (inputs: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        inputs,
        finish: () => resolve(inputs.map((n) => `done ${n}`)),
        fail: reject,
      });
    });
  return { statements, write };
}

describe("the write batcher", () => {
  it("sends a lone write at once, and groups the writes that arrive while its statements run", async () => {
    const { statements, write } = controlledWrite();
    const batcher = createWriteBatcher(write, { maxInFlight: 1, maxBatch: 3 });
    const first = batcher.write(1);
    expect(statements.map((s) => s.inputs)).toEqual([[1]]);
    const later = [2, 3, 4, 5].map((n) => batcher.write(n));
    statements[0]?.finish();
    expect(await first).toBe("done 1");
    await expect.poll(() => statements.length).toBe(2);
    expect(statements[1]?.inputs).toEqual([2, 3, 4]);
    statements[1]?.finish();
    await expect.poll(() => statements.length).toBe(3);
    expect(statements[2]?.inputs).toEqual([5]);
    statements[2]?.finish();
    expect(await Promise.all(later)).toEqual(["done 2", "done 3", "done 4", "done 5"]);
    expect(batcher.stats).toEqual({ statements: 3, inputs: 5 });
  });

  it("fails every write of a failed statement, and counts none of them written", async () => {
    const { statements, write } = controlledWrite();
    const batcher = createWriteBatcher(write, { maxInFlight: 1 });
    const held = batcher.write(0);
    const failing = [1, 2].map((n) => batcher.write(n));
    statements[0]?.finish();
    await held;
    await expect.poll(() => statements.length).toBe(2);
    statements[1]?.fail(new Error("database away"));
    for (const w of failing) await expect(w).rejects.toThrow("database away");
    expect(batcher.stats).toEqual({ statements: 1, inputs: 1 });
  });

  it("writes each input of a statement rolled back for a deadlock again, on its own", async () => {
    const { statements, write } = controlledWrite();
    const batcher = createWriteBatcher(write, { maxInFlight: 1 });
    const held = batcher.write(0);
    const retried = [1, 2].map((n) => batcher.write(n));
    statements[0]?.finish();
    await held;
    await expect.poll(() => statements.length).toBe(2);
    statements[1]?.fail(Object.assign(new Error("deadlock detected"), { code: "40P01" }));
    await expect.poll(() => statements.length).toBe(3);
    expect(statements[2]?.inputs).toEqual([1]);
    statements[2]?.finish();
    await expect.poll(() => statements.length).toBe(4);
    expect(statements[3]?.inputs).toEqual([2]);
    statements[3]?.finish();
    expect(await Promise.all(retried)).toEqual(["done 1", "done 2"]);
  });
});

describe("inRounds", () => {
  /** The statements `inRounds` writes, and what it answers (each input's answer names it). */
  async function written<I>(inputs: I[], keysOf: (input: I) => string[], groupOf: (input: I) => string) {
    const statements: I[][] = [];
    const answers = await inRounds(inputs, keysOf, groupOf, async (batch) => {
      statements.push(batch);
      return batch.map((input) => `done ${JSON.stringify(input)}`);
    });
    return { statements, answers };
  }

  it("puts inputs sharing a key in successive statements, each after the one it repeats", async () => {
    const inputs = ["a1", "b1", "a2", "c1", "a3", "b2"];
    const { statements, answers } = await written(
      inputs,
      (s) => [s.slice(0, 1)],
      () => "",
    );
    expect(statements).toEqual([["a1", "b1", "c1"], ["a2", "b2"], ["a3"]]);
    expect(answers).toEqual(inputs.map((input) => `done "${input}"`));
  });

  it("keeps groups apart", async () => {
    const inputs = [
      { key: "x", group: "1" },
      { key: "y", group: "2" },
      { key: "z", group: "1" },
    ];
    const { statements } = await written(
      inputs,
      (i) => [i.key],
      (i) => i.group,
    );
    expect(statements).toEqual([[inputs[0], inputs[2]], [inputs[1]]]);
  });
});

describe("arrayLiteral", () => {
  it("quotes each text and escapes backslashes and double quotes; null stays NULL", () => {
    expect(arrayLiteral(["a", 'say "hej"', "back\\slash", null, "NULL", "a,b{}"])).toBe(
      '{"a","say \\"hej\\"","back\\\\slash",NULL,"NULL","a,b{}"}',
    );
  });
});
