/** Markets: one small chart per instrument, each with window buttons. */
import { getJson, isAbort, latestOnly } from './api-client.ts'
import { ChartSlot, priceLine, toSeconds } from './charts.ts'
import { byId, formatNumber, h, setStatus } from './dom.ts'
import { showError } from './errors-shown.ts'
import type { ParamSpecs } from './param-specs.ts'
import type { Instrument, MarketAnswer } from './wire-types.ts'

const MARKET = '/v1/markets/{slug}'
/** Window buttons offered; the API's own bound (at most 1y) is its to enforce and it says so in a 422. */
const WINDOWS = ['24h', '7d', '30d', '90d', '1y'] as const

export function mountMarkets(specs: ParamSpecs): { render: () => void } {
  const status = byId('markets-status')
  const box = byId('markets')
  const defaultWindow = specs.defaultOf(MARKET, 'window') ?? '7d'
  let loaded = false

  async function render(): Promise<void> {
    if (loaded) return
    setStatus(status, 'loading', 'Loading instruments…')
    try {
      const { instruments } = await getJson<{ instruments: Instrument[] }>('/v1/markets')
      if (instruments.length === 0) {
        setStatus(status, 'empty', 'No instruments are configured.')
        return
      }
      box.replaceChildren(...instruments.map((i) => instrumentCard(i, defaultWindow)))
      setStatus(status, 'ok')
      loaded = true
    } catch (error) {
      showError(status, error)
    }
  }

  return { render: () => void render() }
}

function instrumentCard(instrument: Instrument, defaultWindow: string): HTMLElement {
  const id = `m-${instrument.slug}`
  const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' })
  const figure = h('figure', { class: 'chart', id: `${id}-chart`, 'aria-label': `${instrument.name} closing prices` })
  const latest = h('p', { class: 'meta' })
  const slot = new ChartSlot(figure)
  const next = latestOnly()
  const windows = WINDOWS.includes(defaultWindow as (typeof WINDOWS)[number])
    ? [...WINDOWS]
    : [...WINDOWS, defaultWindow]
  const buttons = windows.map((w) =>
    h(
      'button',
      { type: 'button', class: 'secondary', 'aria-pressed': 'false', 'data-window': w, onclick: () => void load(w) },
      w,
    ),
  )

  async function load(window: string): Promise<void> {
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.window === window))
    figure.dataset.window = window
    const signal = next()
    setStatus(status, 'loading', `Loading ${window}…`)
    try {
      const answer = await getJson<MarketAnswer>(
        `/v1/markets/${encodeURIComponent(instrument.slug)}`,
        { window },
        signal,
      )
      if (answer.price.length === 0) {
        slot.clear()
        latest.textContent = ''
        setStatus(
          status,
          'empty',
          instrument.source === 'none'
            ? 'No data source is configured for this instrument.'
            : `No prices in the last ${window}.`,
        )
        return
      }
      const last = answer.price[answer.price.length - 1]
      const first = answer.price[0]
      latest.textContent =
        last === undefined ? '' : `Last close ${formatNumber(last.close)} ${instrument.unit} (${last.t.slice(0, 10)})`
      const { opts, data } = priceLine(
        answer.price.map((p) => toSeconds(p.t)),
        answer.price.map((p) => p.close),
        instrument.unit,
      )
      slot.draw(
        opts,
        data,
        `${answer.price.length} closes over ${window}: ${formatNumber(first?.close ?? null)} → ${formatNumber(last?.close ?? null)} ${instrument.unit}.`,
      )
      setStatus(status, 'ok')
    } catch (error) {
      if (isAbort(error)) return
      slot.clear()
      showError(status, error)
    }
  }

  void load(defaultWindow)
  return h(
    'article',
    { class: 'market', 'aria-labelledby': `${id}-name`, 'data-slug': instrument.slug },
    h('h3', { id: `${id}-name` }, instrument.name),
    h(
      'p',
      { class: 'meta' },
      `${instrument.kind} · ${instrument.unit} · per ${instrument.grain} · source: ${instrument.source}`,
    ),
    h('div', { class: 'windows', role: 'group', 'aria-label': `${instrument.name} window` }, ...buttons),
    latest,
    status,
    figure,
  )
}
