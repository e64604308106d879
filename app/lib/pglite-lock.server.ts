import fs from "node:fs";
import path from "node:path";

/** Two processes writing one PGlite directory corrupt it; a lock left by a dead process is taken over. */
class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `the data directory is in use by another Quizkväll process (pid ${ownerPid}); stop it first or set DATA_DIR to another directory (lock: ${lockPath})`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "quizkvall.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isFinite(ownerPid) && ownerPid !== process.pid && isAlive(ownerPid)) {
        throw new DataDirLockedError(lockPath, ownerPid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not take the data directory lock ${lockPath}`);
}
