/**
 * Data origin rules (docs/DECISIONS.md "Data origin"): a store holds the generated demo or real
 * inputs, never both. Decides what a run ingests from NEWSDESK_INPUTS (or the command line) and
 * what the store already holds, and refuses a run that would mix the two with a one-line message
 * naming the command that starts a fresh store.
 */
import { existsSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Origin } from '../store/origin.ts'

/** The input word for the generated demo archive in $NEWSDESK_DATA/demo. */
export const DEMO_INPUT = 'demo'
/** The input word for "ingest nothing: build snapshots from the store alone". */
export const NO_INPUTS = 'none'

export class OriginError extends Error {
  override name = 'OriginError'
}

export interface StoreState {
  /** As recorded in the store; null for an empty store or one written before origins were recorded. */
  origin: Origin | null
  holdsData: boolean
  /** warc_files sources, to tell the origin of a store written before origins were recorded. */
  sources: readonly string[]
}

export interface InputPlan {
  /** The store's origin after this run; null only for an empty store that this run leaves empty. */
  origin: Origin | null
  /** What to ingest: input specs, with DEMO_INPUT standing for the generated archive. */
  inputs: string[]
}

/** A demo archive folder: what `bun run demo` writes (ground truth beside the WARC files). */
export function isDemoArchive(dir: string): boolean {
  return existsSync(join(dir, 'ground-truth.json')) && existsSync(join(dir, 'warc'))
}

/** The word `demo`, a demo archive folder, or a file or folder inside one. URLs and cc-news specs are real. */
export function isDemoInput(spec: string): boolean {
  if (spec === DEMO_INPUT) return true
  if (/^[a-z][a-z0-9+.-]*:/i.test(spec) && !/^[a-z]:[\\/]/i.test(spec)) return false
  for (let dir = resolve(spec); ; dir = dirname(dir)) {
    if (isDemoArchive(dir)) return true
    if (dirname(dir) === dir) return false
  }
}

/** The origin of what a store holds: as recorded, else told from the files it read. */
export function storeOrigin(state: StoreState): Origin | null {
  if (state.origin !== null) return state.origin
  if (!state.holdsData) return null
  return state.sources.some(isDemoInput) ? 'demo' : 'real'
}

/**
 * `configured` is NEWSDESK_INPUTS split into specs (empty when unset) or the command line's specs.
 * Unset: the demo on an empty or demo store, nothing (the store alone) on a real one.
 * `command` is how the user ran this, used in the message that names a fresh store's command.
 */
export function planInputs(
  configured: readonly string[],
  state: StoreState,
  dataDir: string,
  command: string,
): InputPlan {
  const held = storeOrigin(state)
  if (configured.includes(NO_INPUTS)) {
    if (configured.length > 1)
      throw new OriginError(
        `NEWSDESK_INPUTS=${NO_INPUTS} cannot be combined with other inputs, got "${configured.join(',')}"`,
      )
    return { origin: held, inputs: [] }
  }
  if (configured.length === 0)
    return held === 'real' ? { origin: 'real', inputs: [] } : { origin: 'demo', inputs: [DEMO_INPUT] }
  const demo = configured.filter(isDemoInput)
  const real = configured.filter((s) => !isDemoInput(s))
  if (demo.length > 0 && real.length > 0) {
    throw new OriginError(
      `the demo (${demo.map(publicName).join(', ')}) and real inputs (${real.map(publicName).join(', ')}) never go into one store: name only real inputs`,
    )
  }
  const wanted: Origin = demo.length > 0 ? 'demo' : 'real'
  if (held !== null && held !== wanted) throw new OriginError(mixMessage(held, dataDir, command))
  return { origin: wanted, inputs: [...configured] }
}

function mixMessage(held: Origin, dataDir: string, command: string): string {
  const fresh = `${dataDir.replace(/\/+$/, '')}-${held === 'demo' ? 'real' : 'demo'}`
  return held === 'demo'
    ? `${dataDir} holds the demo and never takes real inputs: start a fresh store with NEWSDESK_DATA=${fresh} ${command}`
    : `${dataDir} holds real data and never takes the demo: run the demo in its own store with NEWSDESK_DATA=${fresh} NEWSDESK_INPUTS=demo npm start`
}

/** How an input is named in the manifest, /health and the page: file names, never local folders. */
export function publicName(spec: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(spec) && !/^[a-z]:[\\/]/i.test(spec) ? spec : basename(spec)
}
