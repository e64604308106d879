import { spawn } from "node:child_process";

/**
 * Runs `scripts/<name>.ts` as an operator would (`npm run …`), in a child process with the given environment
 * on top of this one's, and resolves with its exit code and everything it printed.
 */
export function runScript(
  name: string,
  env: Record<string, string | undefined>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (c) => {
      output += c;
    });
    child.stderr.on("data", (c) => {
      output += c;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}
