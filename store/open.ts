import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { MIGRATIONS } from './schema.ts'

export const STORE_FILE = 'newsdesk.sqlite'
/** The default; the live node takes NEWSDESK_SQLITE_MMAP_MB (core/config.ts). */
const READER_MMAP_BYTES = 4 * 1024 ** 3
const READER_CACHE_KIB = 32 * 1024

export function storePath(dataDir: string): string {
  return join(dataDir, STORE_FILE)
}

/** A read-only open of a store that the batch job has not migrated to this program's schema yet. */
export class StoreNotMigratedError extends Error {
  constructor(
    readonly path: string,
    readonly version: number,
  ) {
    super(
      `store ${path} is at schema version ${version}, older than this program's ${MIGRATIONS.length}: a read-only connection cannot migrate it; open it once read-write (the batch job, \`bun run build\`) first`,
    )
    this.name = 'StoreNotMigratedError'
  }
}

/**
 * Opens (and migrates) the store. WAL mode lets the live node read while the batch job writes;
 * synchronous=NORMAL in WAL keeps every committed transaction across a process kill (only an OS
 * crash can lose the last ones), which is the guarantee ingest needs.
 *
 * Every reader can then count on the current schema (store/search-sqlite.ts asks no version): a
 * read-only open cannot migrate, so it throws StoreNotMigratedError on a store older than this
 * program, and the live node waits for the batch job (live/server.ts).
 */
export function openStore(path: string, opts: { readonly?: boolean; mmapBytes?: number } = {}): Database {
  if (opts.readonly) {
    const db = new Database(path, { readonly: true, strict: true })
    db.exec('PRAGMA busy_timeout = 5000')
    const version = schemaVersion(db)
    if (version < MIGRATIONS.length) {
      db.close()
      throw new StoreNotMigratedError(path, version)
    }
    // Readers map the file instead of copying pages into a private cache: the pages are the OS
    // page cache's, shared between processes, and searches skip a copy per page.
    db.exec(`PRAGMA mmap_size = ${Math.max(0, Math.floor(opts.mmapBytes ?? READER_MMAP_BYTES))}`)
    db.exec(`PRAGMA cache_size = -${READER_CACHE_KIB}`)
    return db
  }
  mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA busy_timeout = 5000')
  migrate(db)
  return db
}

function schemaVersion(db: Database): number {
  return db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version ?? 0
}

function migrate(db: Database): void {
  const current = schemaVersion(db)
  if (current > MIGRATIONS.length) {
    throw new Error(`store schema version ${current} is newer than this program (${MIGRATIONS.length})`)
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      const step = MIGRATIONS[v]
      if (typeof step === 'function') step(db)
      else db.exec(step as string)
      db.exec(`PRAGMA user_version = ${v + 1}`)
    })()
  }
}
