/**
 * Work to do once every test file has run: `bun test` runs no `process.on('exit')` handler (checked
 * with Bun 1.4.5), so a store shared by several files (test/support/demo-store.ts, 84 MB) was never
 * removed and /tmp grew by that much every run. The preload test/setup/end-of-run.ts runs these
 * in a global afterAll; outside `bun test` the exit handler still does.
 */
export interface EndOfRun {
  /** Adds a task (also run on process exit, where exit handlers run). */
  add(task: () => void): void
  /** Runs every task added so far, once each. */
  run(): void
}

export function endOfRun(onExit: (task: () => void) => void = (task) => process.on('exit', task)): EndOfRun {
  const tasks: (() => void)[] = []
  return {
    add(task) {
      let done = false
      const once = () => {
        if (done) return
        done = true
        task()
      }
      tasks.push(once)
      onExit(once)
    },
    run() {
      for (const task of tasks.splice(0)) task()
    },
  }
}

/** The run's one list (the preload runs it). */
export const END_OF_RUN = endOfRun()
export const atEndOfRun = (task: () => void): void => END_OF_RUN.add(task)
