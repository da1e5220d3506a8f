import type { Config } from '../../core/config.ts'
import { openStore, storePath } from '../../store/open.ts'
import { importBundle } from '../export/load.ts'
import { verifyBundle } from '../verify.ts'
import { countArticles } from '../../store/articles.ts'
import { UsageError } from './cli.ts'

export async function commandImportBundle(config: Config, args: readonly string[]): Promise<void> {
  const dir = args.find((a) => !a.startsWith('--'))
  if (dir === undefined) throw new UsageError('usage: main.ts import-bundle <folder>')
  const check = await verifyBundle(dir)
  if (!check.ok) throw new UsageError(`${dir} does not match its SHA256SUMS: run bun run verify ${dir}`)
  const db = openStore(storePath(config.dataDir))
  try {
    if (countArticles(db) > 0)
      throw new UsageError(`${storePath(config.dataDir)} already holds articles: import into an empty NEWSDESK_DATA`)
    const summary = importBundle(db, dir)
    console.log(
      `imported ${summary.articles} articles, ${JSON.stringify(summary.rows)} into ${storePath(config.dataDir)}`,
    )
  } finally {
    db.close()
  }
}
