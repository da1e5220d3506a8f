/**
 * A query's coverage over time from /v1/stats: articles per period (or their share of all coverage)
 * as bars and net tone as a line, with a caption and the same numbers as a table for screen readers
 * and for anyone who wants the exact values.
 */
import { ChartSlot, periodLabel, toSeconds, volumeOverTone } from './charts.ts'
import { signedScore } from './display-names.ts'
import { h } from './dom.ts'
import type { StatsAnswer, TimelinePoint } from './wire-types.ts'

const HOUR_S = 3600

export class CoverageChart {
  private readonly slot: ChartSlot

  constructor(
    private readonly figure: HTMLElement,
    private readonly table: HTMLElement,
  ) {
    this.slot = new ChartSlot(figure)
  }

  clear(): void {
    this.slot.clear()
    this.table.replaceChildren()
    this.table.hidden = true
  }

  draw(answer: Pick<StatsAnswer, 'total' | 'normalize' | 'tone' | 'timeline'>): void {
    const share = answer.normalize === 'share'
    const points = answer.timeline
    const first = points[0]
    const second = points[1]
    const hourly =
      first !== undefined && second !== undefined && toSeconds(second.time) - toSeconds(first.time) === HOUR_S
    const { opts, data } = volumeOverTone(
      points.map((p) => ({
        time: toSeconds(p.time),
        volume: share ? percent(p.share) : p.articles,
        netTone: p.net_tone,
      })),
      hourly,
      share,
    )
    const tone = answer.tone
    const last = points[points.length - 1]
    const span =
      first === undefined || last === undefined
        ? ''
        : ` from ${periodLabel(toSeconds(first.time), hourly)} to ${periodLabel(toSeconds(last.time), hourly)} UTC`
    this.slot.draw(
      opts,
      data,
      `${answer.total.toLocaleString('en-US')} articles in ${points.length} ${hourly ? 'hourly' : 'daily'} periods${span}; ${share ? 'bars: share of all articles published in each period' : 'bars: articles per period'}. Net tone overall ${tone.net_tone === null ? '—' : signedScore(tone.net_tone)} (${tone.pos} positive, ${tone.neu} neutral, ${tone.neg} negative).`,
    )
    this.figure.dataset.normalize = answer.normalize
    this.figure.dataset.grain = hourly ? 'hour' : 'day'
    this.drawTable(points, hourly, share)
  }

  private drawTable(points: readonly TimelinePoint[], hourly: boolean, share: boolean): void {
    const num = (value: number | null | undefined, text: (v: number) => string = String) =>
      h(
        'td',
        { 'data-value': value === null || value === undefined ? '' : value },
        value === null || value === undefined ? '—' : text(value),
      )
    const heads = [
      hourly ? 'Hour (UTC)' : 'Day (UTC)',
      'Articles',
      ...(share ? ['All articles', 'Share'] : []),
      'Positive',
      'Neutral',
      'Negative',
      'Net tone',
      'Mean score',
    ]
    this.table.hidden = false
    this.table.replaceChildren(
      h('summary', {}, 'The timeline as a table'),
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, ...heads.map((t) => h('th', { scope: 'col' }, t)))),
        h(
          'tbody',
          {},
          ...points.map((p) =>
            h(
              'tr',
              { 'data-time': p.time },
              h('th', { scope: 'row' }, periodLabel(toSeconds(p.time), hourly)),
              num(p.articles),
              ...(share
                ? [
                    num(p.all_articles),
                    num(p.share, (v) => `${(v * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`),
                  ]
                : []),
              num(p.pos),
              num(p.neu),
              num(p.neg),
              num(p.net_tone, (v) => v.toFixed(3)),
              num(p.mean_score, (v) => v.toFixed(3)),
            ),
          ),
        ),
      ),
    )
  }
}

/** A share (0–1) in percent, the unit the chart's axis shows; no share when the period had no articles at all. */
function percent(share: number | null | undefined): number | null {
  return share === null || share === undefined ? null : share * 100
}
