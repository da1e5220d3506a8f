/** Bitcoin articles' tone (demo/plan.ts): the planted lag behind the BTC return, and the facts a headline quotes. */
import type { Tone } from './lang/index.ts'
import type { PlanContext } from './plan-types.ts'
import { DAY_MS, HOUR_MS } from './prices.ts'
import { hashUnit, TAG } from './prng.ts'
import type { Publisher } from './publishers.ts'
import { truthPublishedMs } from './published-at.ts'
import type { BitcoinFacts } from './text.ts'

/**
 * The planted lag: the tone of a bitcoin article published (as the page tells) on UTC day t follows
 * the BTC return of day t-1 — price leads news by one day (correlation shift -1, DECISIONS.md).
 */
export function bitcoinFacts(
  ctx: PlanContext,
  publisher: Publisher,
  publishedMs: number,
  crawlMs: number,
  id: number,
): BitcoinFacts {
  const truthMs = truthPublishedMs(publisher.template, publisher.offsetMin, publishedMs, crawlMs)
  const day = Math.floor(truthMs / DAY_MS)
  const previousReturn = ctx.btc.dailyReturn(day - 1)
  const tone = toneFor(previousReturn, hashUnit(ctx.seed, TAG.tone, id))
  const hour = Math.floor(publishedMs / HOUR_MS)
  return { tone, priceUsd: ctx.btc.close(hour - 1), movePct: Math.max(1, Math.round(Math.abs(previousReturn) * 100)) }
}

/** Tone probabilities move with the size of the return (s in (-1, 1)); a flat day is mostly neutral. */
export function toneProbabilities(dailyReturn: number): Record<Tone, number> {
  const s = Math.tanh(dailyReturn / 0.025)
  const pos = 0.2 + 0.6 * Math.max(s, 0) - 0.15 * Math.max(-s, 0)
  const neg = 0.2 + 0.6 * Math.max(-s, 0) - 0.15 * Math.max(s, 0)
  return { pos, neu: 1 - pos - neg, neg }
}

function toneFor(dailyReturn: number, u: number): Tone {
  const p = toneProbabilities(dailyReturn)
  return u < p.pos ? 'pos' : u < p.pos + p.neg ? 'neg' : 'neu'
}
