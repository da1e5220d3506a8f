/**
 * A story's timeline (`/v1/trends/{cc}/{slug}`): its articles and their tone per hour of the
 * scope, zero-filled, so a story's rise and fall and the turn of its coverage read as /v1/stats'
 * timeline does. Pure: the articles' tone comes in with them.
 */
import { addTone, emptyTone } from '../search/stats-tally.ts'
import type { PeriodTone } from '../search/types.ts'

const HOUR_S = 3600

export interface TimedTone {
  /** Epoch seconds. */
  published_at: number
  sentiment: string
  score: number
}

/** One point per hour from the hour holding `sinceS` up to `untilS` (exclusive); articles outside are left out. */
export function storyTimeline(
  articles: readonly TimedTone[],
  sinceS: number,
  untilS: number,
): { t: number; tone: PeriodTone }[] {
  const first = Math.floor(sinceS / HOUR_S) * HOUR_S
  const points: { t: number; tone: PeriodTone }[] = []
  for (let t = first; t < untilS; t += HOUR_S) points.push({ t, tone: emptyTone() })
  for (const a of articles) {
    if (a.published_at < first || a.published_at >= untilS) continue
    const point = points[Math.floor((a.published_at - first) / HOUR_S)]
    if (point !== undefined) addTone(point.tone, a.sentiment, 1, Math.round(a.score * 1000))
  }
  return points
}
