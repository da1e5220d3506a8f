import type { Config } from '../../core/config.ts'
import { openStore, storePath } from '../../store/open.ts'
import { loadPriceFiles } from '../load-prices.ts'
import { UsageError, stringFlag } from './cli.ts'
import { printPriceLoads } from './report.ts'

export function commandIngestPrices(config: Config, now: Date, args: readonly string[]): void {
  const source = stringFlag(args, '--source')
  const [slug, ...files] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--source')
  if (slug === undefined || files.length === 0) {
    throw new UsageError(
      'usage: bun run ingest:prices <bitcoin|gold|silver|usd-brl|usd-inr> <files...> [--source NAME]',
    )
  }
  const db = openStore(storePath(config.dataDir))
  try {
    const load = loadPriceFiles(
      db,
      slug,
      files,
      source ?? (slug === 'bitcoin' ? 'binance' : 'file'),
      Math.floor(now.getTime() / 1000),
    )
    printPriceLoads([load])
  } finally {
    db.close()
  }
}
