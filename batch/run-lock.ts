/**
 * One batch run at a time per data directory, across processes: the hourly run that `npm start`
 * spawns and a `bun run build` typed by hand would otherwise generate the same demo files and
 * publish into the same snapshot folder at once. The lock is a file created exclusively (O_EXCL)
 * holding the owner's pid; a lock whose owner is gone (a killed run) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export const RUN_LOCK_FILE = 'build.lock'

export class RunLockedError extends Error {}

/** Whether a process with this pid exists (EPERM: it exists but is not ours). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function ownerOf(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/**
 * Takes the run lock in `dir`, or throws RunLockedError naming the running owner. Returns the
 * release function (idempotent; only removes the lock while this process still owns it).
 */
export function acquireRunLock(dir: string, pid: number = process.pid): () => void {
  mkdirSync(dir, { recursive: true })
  const path = join(dir, RUN_LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      try {
        writeSync(fd, `${pid}\n`)
      } finally {
        closeSync(fd)
      }
      return () => {
        if (ownerOf(path) === pid) rmSync(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = ownerOf(path)
      if (owner !== null && owner !== pid && isProcessAlive(owner)) {
        throw new RunLockedError(`another batch run (pid ${owner}) holds ${path}; this run did nothing`)
      }
      // Left by a run that was killed (or half-written by one killed while taking it): take it over.
      rmSync(path, { force: true })
    }
  }
  throw new RunLockedError(`could not take ${path}: another run keeps taking it`)
}
