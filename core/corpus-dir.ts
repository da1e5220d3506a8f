/**
 * Where benches, scripts and tests find the shared labelled corpora: `NEWSDESK_CORPUS`
 * (core/settings.ts), else `../shared/corpus` beside the repository, wherever it is checked out.
 * Read in place, never copied into the project.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Env, readSetting } from './settings.ts'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

export function corpusDir(env: Env): string {
  return readSetting(env, 'NEWSDESK_CORPUS') ?? join(REPO_ROOT, '..', 'shared', 'corpus')
}

/** The price files: `NEWSDESK_CORPUS_MARKETS`, else `markets/` in the corpus. */
export function marketsCorpusDir(env: Env): string {
  return readSetting(env, 'NEWSDESK_CORPUS_MARKETS') ?? join(corpusDir(env), 'markets')
}
