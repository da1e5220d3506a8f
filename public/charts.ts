/**
 * The page's charts on uPlot (served from the project's own node_modules, bundled by Bun.build):
 * price over net tone, correlation by shift with its confidence intervals, a small price line, and a
 * query's volume (or share of all coverage) over its net tone.
 * Axes are in UTC like every time the API gives.
 */
import uPlot from 'uplot'

const COLORS = {
  price: '#1a4fa0',
  pos: '#2e8b57',
  neg: '#c0392b',
  ci: '#1b1f24',
  grid: '#e3e7ec',
  axis: '#4a5360',
  volume: '#9fb3d1',
  tone: '#b35900',
}
const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC')
const axis = (extra: uPlot.Axis = {}): uPlot.Axis => ({
  stroke: COLORS.axis,
  grid: { stroke: COLORS.grid, width: 1 },
  ticks: { stroke: COLORS.grid, width: 1 },
  ...extra,
})

/** A chart that follows its container's width; replacing it destroys the previous one. */
export class ChartSlot {
  private chart: uPlot | null = null
  private readonly resize = new ResizeObserver(() =>
    this.chart?.setSize({ width: this.width(), height: this.chart.height }),
  )

  constructor(private readonly host: HTMLElement) {
    this.resize.observe(host)
  }

  private width(): number {
    return Math.max(240, this.host.clientWidth)
  }

  clear(): void {
    this.chart?.destroy()
    this.chart = null
    this.host.replaceChildren()
    delete this.host.dataset.points
  }

  draw(opts: Omit<uPlot.Options, 'width'>, data: uPlot.AlignedData, caption: string): void {
    this.clear()
    this.chart = new uPlot({ ...opts, width: this.width() }, data, this.host)
    this.host.dataset.points = String(data[0].length)
    const figcaption = document.createElement('figcaption')
    figcaption.className = 'hint'
    figcaption.textContent = caption
    this.host.appendChild(figcaption)
  }
}

export function priceOverTone(
  times: number[],
  closes: number[],
  nets: number[],
): { opts: Omit<uPlot.Options, 'width'>; data: uPlot.AlignedData } {
  const bars = uPlot.paths.bars?.({ size: [0.7, 40] })
  return {
    opts: {
      height: 320,
      tzDate: utc,
      scales: { x: { time: true }, usd: { auto: true }, tone: { auto: true } },
      series: [
        {},
        {
          label: 'Close (USD)',
          scale: 'usd',
          stroke: COLORS.price,
          width: 2,
          value: (_u, v) => (v === null ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: 0 })),
        },
        {
          label: 'Net tone +',
          scale: 'tone',
          fill: COLORS.pos,
          stroke: COLORS.pos,
          paths: bars,
          points: { show: false },
        },
        {
          label: 'Net tone −',
          scale: 'tone',
          fill: COLORS.neg,
          stroke: COLORS.neg,
          paths: bars,
          points: { show: false },
        },
      ],
      axes: [
        axis(),
        axis({
          scale: 'usd',
          size: 70,
          values: (_u, ticks) => ticks.map((t) => t.toLocaleString('en-US', { maximumFractionDigits: 0 })),
        }),
        axis({ scale: 'tone', side: 1, grid: { show: false } }),
      ],
    },
    data: [times, closes, nets.map((n) => (n >= 0 ? n : null)), nets.map((n) => (n < 0 ? n : null))],
  }
}

export interface ShiftBar {
  shift: number
  r: number | null
  ciLow: number | null
  ciHigh: number | null
  significant: boolean
}

export function correlationBars(shifts: readonly ShiftBar[]): {
  opts: Omit<uPlot.Options, 'width'>
  data: uPlot.AlignedData
} {
  const bars = uPlot.paths.bars?.({ size: [0.6, 50], align: 0 })
  const drawIntervals = (u: uPlot) => {
    const ctx = u.ctx
    ctx.save()
    ctx.strokeStyle = COLORS.ci
    ctx.lineWidth = Math.max(1, devicePixelRatio)
    for (const s of shifts) {
      if (s.ciLow === null || s.ciHigh === null) continue
      const x = u.valToPos(s.shift, 'x', true)
      const y1 = u.valToPos(s.ciLow, 'y', true)
      const y2 = u.valToPos(s.ciHigh, 'y', true)
      const cap = 6 * devicePixelRatio
      ctx.beginPath()
      ctx.moveTo(x, y1)
      ctx.lineTo(x, y2)
      ctx.moveTo(x - cap, y1)
      ctx.lineTo(x + cap, y1)
      ctx.moveTo(x - cap, y2)
      ctx.lineTo(x + cap, y2)
      ctx.stroke()
    }
    ctx.restore()
  }
  return {
    opts: {
      height: 260,
      scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: [-1, 1] } },
      series: [
        { label: 'Shift' },
        { label: 'r, significant', fill: COLORS.price, stroke: COLORS.price, paths: bars, points: { show: false } },
        { label: 'r, not significant', fill: '#9fb3d1', stroke: '#6d86ad', paths: bars, points: { show: false } },
      ],
      axes: [
        axis({
          label: 'shift (intervals)',
          incrs: [1],
          values: (_u, ticks) => ticks.map((t) => (t > 0 ? `+${t}` : String(t))),
        }),
        axis({ label: 'r' }),
      ],
      hooks: { draw: [drawIntervals] },
      cursor: { points: { show: false } },
    },
    data: [
      shifts.map((s) => s.shift),
      shifts.map((s) => (s.significant ? s.r : null)),
      shifts.map((s) => (s.significant ? null : s.r)),
    ],
  }
}

export function priceLine(
  times: number[],
  closes: number[],
  unit: string,
): { opts: Omit<uPlot.Options, 'width'>; data: uPlot.AlignedData } {
  return {
    opts: {
      height: 160,
      tzDate: utc,
      legend: { show: false },
      scales: { x: { time: true } },
      series: [{}, { label: unit, stroke: COLORS.price, width: 2, fill: 'rgba(26,79,160,0.08)' }],
      axes: [
        axis({ size: 30 }),
        axis({
          size: 60,
          values: (_u, ticks) => ticks.map((t) => t.toLocaleString('en-US', { maximumFractionDigits: 2 })),
        }),
      ],
    },
    data: [times, closes],
  }
}

export interface CoveragePoint {
  /** Unix seconds, start of the period. */
  time: number
  /** Articles, or their share of all coverage in percent. */
  volume: number | null
  netTone: number | null
}

/** `2026-11-21` for daily periods, `2026-11-21 14:00` for hourly ones: UTC, as the API's periods are. */
export function periodLabel(seconds: number, hourly: boolean): string {
  const iso = new Date(seconds * 1000).toISOString()
  return hourly ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10)
}

/**
 * Bars of articles per period (or share of all coverage, in %) on the left axis, net tone
 * ((pos − neg) / articles, from −1 to 1) as a line on the right; a period without articles has no tone (a gap).
 */
export function volumeOverTone(
  points: readonly CoveragePoint[],
  hourly: boolean,
  share: boolean,
): { opts: Omit<uPlot.Options, 'width'>; data: uPlot.AlignedData } {
  const bars = uPlot.paths.bars?.({ size: [0.8, 30] })
  const volumeText = (v: number | null) =>
    v === null ? '—' : share ? `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}%` : v.toLocaleString('en-US')
  return {
    opts: {
      height: 240,
      tzDate: utc,
      scales: {
        x: { time: true },
        volume: { auto: true, range: (_u, _min, max) => [0, max > 0 ? max * 1.05 : 1] },
        tone: { range: [-1, 1] },
      },
      series: [
        { label: hourly ? 'Hour (UTC)' : 'Day (UTC)', value: (_u, v) => (v === null ? '—' : periodLabel(v, hourly)) },
        {
          label: share ? 'Share of all coverage' : 'Articles',
          scale: 'volume',
          fill: COLORS.volume,
          stroke: COLORS.price,
          paths: bars,
          points: { show: false },
          value: (_u, v) => volumeText(v),
        },
        {
          label: 'Net tone',
          scale: 'tone',
          stroke: COLORS.tone,
          width: 2,
          spanGaps: false,
          points: { show: true, size: 4 },
          value: (_u, v) => (v === null ? '—' : v.toFixed(3)),
        },
      ],
      axes: [
        axis(),
        axis({
          scale: 'volume',
          size: 56,
          values: (_u, ticks) =>
            ticks.map((t) =>
              share ? `${t.toLocaleString('en-US', { maximumFractionDigits: 2 })}%` : t.toLocaleString('en-US'),
            ),
        }),
        axis({
          scale: 'tone',
          side: 1,
          size: 48,
          grid: { show: false },
          values: (_u, ticks) => ticks.map((t) => (t > 0 ? `+${t}` : t < 0 ? `−${-t}` : '0')),
        }),
      ],
    },
    data: [points.map((p) => p.time), points.map((p) => p.volume), points.map((p) => p.netTone)],
  }
}

export const toSeconds = (iso: string) => Date.parse(iso) / 1000
