/** Story parts as the bodies write them: snake case, ISO timestamps, scores rounded. */
import { isoSeconds } from '../config.ts'
import type { TrendArticle, TrendHeadline, TrendSet } from './types.ts'

export function iso(epochS: number): string {
  return isoSeconds(new Date(epochS * 1000))
}

export function toHeadline(a: TrendArticle): TrendHeadline {
  return {
    title: a.title.trim().replace(/\s+/g, ' '),
    url: a.url,
    host: a.host,
    lang: a.lang,
    published_at: iso(a.published_at),
  }
}

/** Scores carry two decimals on the wire; -0 is written as 0. */
export function roundScore(score: number): number {
  const r = Math.round(score * 100) / 100
  return r === 0 ? 0 : r
}

/** `window`, `since`, `until` of a body. */
export function scopeFields(set: TrendSet): { window: string; since: string; until: string } {
  return {
    window: set.scope.window,
    since: isoSeconds(new Date(set.scope.sinceMs)),
    until: isoSeconds(new Date(set.scope.untilMs)),
  }
}
