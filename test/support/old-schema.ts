import type { Database } from 'bun:sqlite'

/** Takes a store back to before migration 6 (store/schema.ts): no per-day counts, no triggers. */
export function dropDayCounts(db: Database): void {
  for (const t of ['insert', 'delete', 'update']) db.exec(`DROP TRIGGER article_days_${t}`)
  db.exec('DROP TABLE article_days')
}
