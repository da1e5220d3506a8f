import type { Config } from '../../core/config.ts'
import { generateDemoArchive } from '../../demo/index.ts'
import { flag } from './cli.ts'
import { demoDir } from './inputs.ts'

export async function commandDemo(config: Config, now: Date, args: readonly string[]): Promise<void> {
  const perDay = flag(args, '--per-day')
  const days = flag(args, '--days')
  const summary = await generateDemoArchive({
    outDir: demoDir(config),
    now,
    seed: flag(args, '--seed') ?? 20261121,
    days: days ?? 90,
    articlesPerDay: perDay ?? 800,
  })
  console.log(JSON.stringify(summary, null, 2))
}
