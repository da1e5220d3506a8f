/** BTC versus news: summary tiles, close price over net tone, and correlation by shift with its caution note. */
import { getJson, isAbort, latestOnly } from './api-client.ts'
import { ChartSlot, correlationBars, priceOverTone, toSeconds } from './charts.ts'
import { byId, formatNumber, h, setStatus, signedPct, utcMinute } from './dom.ts'
import { showError } from './errors-shown.ts'
import type { ParamSpecs } from './param-specs.ts'
import { readState, writeState } from './url-state.ts'
import type { BtcCorrelationAnswer, BtcSeriesAnswer, BtcSummary } from './wire-types.ts'

const SERIES = '/v1/btc/series'
const CORRELATION = '/v1/btc/correlation'

export function mountBtc(specs: ParamSpecs): { render: () => void } {
  const intervalPicker = byId<HTMLSelectElement>('b-interval')
  const rangePicker = byId<HTMLSelectElement>('b-range')
  const seriesChart = new ChartSlot(byId('btc-series-chart'))
  const corrChart = new ChartSlot(byId('btc-corr-chart'))
  const nextSummary = latestOnly()
  const nextSeries = latestOnly()
  const nextCorr = latestOnly()
  const defaultInterval = specs.defaultOf(SERIES, 'interval') ?? ''
  const defaultRange = rangePicker.options[1]?.value ?? rangePicker.value

  intervalPicker.replaceChildren(...specs.choices(SERIES, 'interval').map((v) => h('option', { value: v }, v)))
  const onChange = () => {
    writeState({
      interval: intervalPicker.value === defaultInterval ? undefined : intervalPicker.value,
      range: rangePicker.value === defaultRange ? undefined : rangePicker.value,
    })
    void renderCharts()
  }
  intervalPicker.addEventListener('change', onChange)
  rangePicker.addEventListener('change', onChange)

  async function renderSummary(): Promise<void> {
    const status = byId('btc-tiles-status')
    const tiles = byId('btc-tiles')
    const signal = nextSummary()
    setStatus(status, 'loading', 'Loading the latest price…')
    try {
      const s = await getJson<BtcSummary>('/v1/btc/summary', {}, signal)
      const tile = (label: string, value: string, cls = '') =>
        h('div', {}, h('dt', {}, label), h('dd', { class: cls }, value))
      const trend = (v: number | null) => (v === null || v === 0 ? '' : v > 0 ? 'up' : 'down')
      tiles.replaceChildren(
        tile(
          `Price${s.price.time === null ? '' : ` (${utcMinute(s.price.time)})`}`,
          s.price.close === null ? '—' : `$${formatNumber(s.price.close, 0)}`,
        ),
        ...(['1h', '24h', '7d', '30d'] as const).map((k) =>
          tile(`Change ${k}`, signedPct(s.change_pct[k]), trend(s.change_pct[k])),
        ),
        tile(
          '24h high / low',
          s.price.high_24h === null || s.price.low_24h === null
            ? '—'
            : `${formatNumber(s.price.high_24h, 0)} / ${formatNumber(s.price.low_24h, 0)}`,
        ),
        tile('Tone today (net)', `${s.tone_today.net > 0 ? '+' : ''}${s.tone_today.net}`, trend(s.tone_today.net)),
        h(
          'div',
          {},
          h('dt', {}, 'Bitcoin articles today'),
          h(
            'dd',
            {},
            String(s.tone_today.articles),
            h(
              'span',
              { class: 'meta' },
              ` ${s.tone_today.positive} pos · ${s.tone_today.neutral} neu · ${s.tone_today.negative} neg`,
            ),
          ),
        ),
      )
      setStatus(status, s.price.close === null ? 'empty' : 'ok', 'No BTC price has been loaded yet.')
    } catch (error) {
      if (isAbort(error)) return
      tiles.replaceChildren()
      showError(status, error)
    }
  }

  async function renderCharts(): Promise<void> {
    const state = readState()
    intervalPicker.value = state.get('interval') ?? defaultInterval
    rangePicker.value = state.get('range') ?? defaultRange
    if (intervalPicker.value === '') intervalPicker.selectedIndex = 0
    if (rangePicker.value === '') rangePicker.value = defaultRange
    const query = { interval: intervalPicker.value, from: `now-${rangePicker.value}` }
    await Promise.all([renderSeries(query), renderCorrelation(query)])
  }

  async function renderSeries(query: Record<string, string>): Promise<void> {
    const status = byId('btc-series-status')
    const signal = nextSeries()
    setStatus(status, 'loading', 'Loading prices and tone…')
    try {
      const answer = await getJson<BtcSeriesAnswer>(SERIES, query, signal)
      if (answer.series.length === 0) {
        seriesChart.clear()
        setStatus(status, 'empty', 'No prices in this range.')
        return
      }
      const { opts, data } = priceOverTone(
        answer.series.map((p) => toSeconds(p.time)),
        answer.series.map((p) => p.close),
        answer.series.map((p) => p.net),
      )
      const first = answer.series[0]
      const last = answer.series[answer.series.length - 1]
      seriesChart.draw(
        opts,
        data,
        `${answer.points} ${answer.interval} periods from ${first === undefined ? '' : utcMinute(first.time)} to ${last === undefined ? '' : utcMinute(last.time)}; close ${formatNumber(first?.close ?? null, 0)} → ${formatNumber(last?.close ?? null, 0)} USD.`,
      )
      byId('btc-series-chart').dataset.interval = answer.interval
      setStatus(status, 'ok')
    } catch (error) {
      if (isAbort(error)) return
      seriesChart.clear()
      showError(status, error)
    }
  }

  async function renderCorrelation(query: Record<string, string>): Promise<void> {
    const status = byId('btc-corr-status')
    const best = byId('btc-corr-best')
    const note = byId('btc-corr-note')
    const signal = nextCorr()
    setStatus(status, 'loading', 'Computing correlations…')
    try {
      const answer = await getJson<BtcCorrelationAnswer>(CORRELATION, query, signal)
      note.textContent = answer.note
      best.textContent =
        answer.best === null
          ? `No best shift: ${answer.best_reason ?? 'not enough data'}.`
          : `Best shift ${answer.best.shift > 0 ? '+' : ''}${answer.best.shift}: ${answer.best.reading}, r = ${formatNumber(answer.best.r, 2)} (95% CI ${formatNumber(answer.best.ci_low, 2)} to ${formatNumber(answer.best.ci_high, 2)}, ${answer.best.pairs} pairs).`
      if (answer.by_shift.every((s) => s.r === null)) {
        corrChart.clear()
        setStatus(
          status,
          'empty',
          'Too few periods in this range to correlate; choose a longer range or a shorter interval.',
        )
        return
      }
      const { opts, data } = correlationBars(
        answer.by_shift.map((s) => ({
          shift: s.shift,
          r: s.r,
          ciLow: s.ci_low,
          ciHigh: s.ci_high,
          significant: s.significant,
        })),
      )
      corrChart.draw(
        opts,
        data,
        `${answer.points} ${answer.interval} periods; same-period r = ${formatNumber(answer.same_period_r, 2)}. ${answer.by_shift.map((s) => `shift ${s.shift}: r ${formatNumber(s.r, 2)}`).join('; ')}.`,
      )
      setStatus(status, 'ok')
    } catch (error) {
      if (isAbort(error)) return
      corrChart.clear()
      best.textContent = ''
      note.textContent = ''
      showError(status, error)
    }
  }

  return { render: () => void Promise.all([renderSummary(), renderCharts()]) }
}
