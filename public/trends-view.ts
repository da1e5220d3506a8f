/** The trends view: a country picker fed by /v1/trends/countries, stories, keywords and a story's detail. */
import { getJson, isAbort, latestOnly } from './api-client.ts'
import { CoverageChart } from './coverage-chart.ts'
import { countryName, signedScore } from './display-names.ts'
import { byId, h, setStatus, utcMinute } from './dom.ts'
import { showError } from './errors-shown.ts'
import { readState, writeState } from './url-state.ts'
import type {
  CountriesAnswer,
  EntitiesAnswer,
  Headline,
  KeywordsAnswer,
  Trend,
  TrendDetail,
  TrendsAnswer,
} from './wire-types.ts'

export function mountTrends(): { render: () => void } {
  const picker = byId<HTMLSelectElement>('t-country')
  const listStatus = byId('trends-status')
  const list = byId('trends-list')
  const kwStatus = byId('keywords-status')
  const kwBox = byId('keywords')
  const entStatus = byId('entities-status')
  const entList = byId('trending-entities')
  const nextEntities = latestOnly()
  const detail = byId('trend-detail')
  const detailStatus = byId('trend-detail-status')
  const detailBody = byId('trend-detail-body')
  const storyChart = new CoverageChart(byId('story-chart'), byId('story-table'))
  const nextList = latestOnly()
  const nextKeywords = latestOnly()
  const nextDetail = latestOnly()
  let keywords: KeywordsAnswer | null = null
  let countriesLoaded = false

  picker.addEventListener('change', () => {
    writeState({ tc: picker.value, trend: undefined })
    void render()
  })
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="kwview"]')) {
    radio.addEventListener('change', () => keywords !== null && drawKeywords(kwBox, keywords, kwView()))
  }

  async function loadCountries(): Promise<void> {
    const answer = await getJson<CountriesAnswer>('/v1/trends/countries')
    picker.replaceChildren(
      h('option', { value: '' }, 'All countries'),
      ...answer.countries.map((c) =>
        h(
          'option',
          { value: c.country },
          `${countryName(c.country)} (${c.trends} ${c.trends === 1 ? 'story' : 'stories'})`,
        ),
      ),
    )
    countriesLoaded = true
  }

  async function render(): Promise<void> {
    const state = readState()
    const country = state.get('tc') ?? ''
    const signal = nextList()
    setStatus(listStatus, 'loading', 'Loading stories…')
    setStatus(kwStatus, 'loading', 'Loading keywords…')
    list.replaceChildren()
    kwBox.replaceChildren()
    void renderDetail(state.get('trend'))
    try {
      if (!countriesLoaded) await loadCountries()
      picker.value = country
      const answer = await getJson<TrendsAnswer>('/v1/trends', { country }, signal)
      list.replaceChildren(...answer.trends.map((t) => trendItem(t, openTrend)))
      if (answer.trends.length === 0)
        setStatus(
          listStatus,
          'empty',
          `No trending stories in the last ${answer.window}${country === '' ? '' : ` for ${countryName(country)}`}.`,
        )
      else setStatus(listStatus, 'ok')
    } catch (error) {
      if (isAbort(error)) return
      showError(listStatus, error)
    }
    void renderKeywords(country)
    void renderEntities(country)
  }

  /** Trending entities of the country (or all): each opens the search kept to articles naming it. */
  async function renderEntities(country: string): Promise<void> {
    const signal = nextEntities()
    setStatus(entStatus, 'loading', 'Loading names…')
    try {
      const answer = await getJson<EntitiesAnswer>('/v1/entities', { country, size: 20 }, signal)
      entList.replaceChildren(
        ...answer.entities.map((e) =>
          h(
            'li',
            { class: `entity ${e.type}`, 'data-entity': e.key },
            h('a', { href: `?view=search&entity=${encodeURIComponent(e.key)}` }, e.name),
            ` ${e.type} · ${e.articles} ${e.articles === 1 ? 'article' : 'articles'}`,
          ),
        ),
      )
      if (answer.entities.length === 0)
        setStatus(entStatus, 'empty', `No name stands out in the last ${answer.window}.`)
      else setStatus(entStatus, 'ok')
    } catch (error) {
      if (!isAbort(error)) showError(entStatus, error)
    }
  }

  async function renderKeywords(country: string): Promise<void> {
    const signal = nextKeywords()
    try {
      keywords = await getJson<KeywordsAnswer>('/v1/trends/keywords', { country }, signal)
      if (keywords.keywords.length === 0) {
        kwBox.replaceChildren()
        setStatus(kwStatus, 'empty', 'No keyword is shared by enough stories yet.')
      } else {
        setStatus(kwStatus, 'ok')
        drawKeywords(kwBox, keywords, kwView())
      }
    } catch (error) {
      if (!isAbort(error)) showError(kwStatus, error)
    }
  }

  function openTrend(trend: Trend): void {
    writeState({ trend: `${trend.country.toLowerCase()}/${trend.slug}` })
    void renderDetail(`${trend.country.toLowerCase()}/${trend.slug}`).then(() => byId('h-trend-detail').focus())
  }

  async function renderDetail(key: string | null | undefined): Promise<void> {
    const signal = nextDetail()
    const match = key?.match(/^([a-z]{2})\/(.+)$/i)
    if (match === null || match === undefined) {
      detail.hidden = true
      return
    }
    detail.hidden = false
    detailBody.replaceChildren()
    storyChart.clear()
    byId('h-trend-detail').textContent = 'Story'
    setStatus(detailStatus, 'loading', 'Loading the story…')
    try {
      const t = await getJson<TrendDetail>(
        `/v1/trends/${encodeURIComponent(match[1] ?? '')}/${encodeURIComponent(match[2] ?? '')}`,
        {},
        signal,
      )
      byId('h-trend-detail').textContent = t.title
      const parts: (HTMLElement | null)[] = [
        h(
          'p',
          { class: 'meta' },
          `${countryName(t.country)} · ${t.category} · ${t.publishers} publishers · ${t.articles} articles · ${utcMinute(t.first_seen)} to ${utcMinute(t.last_seen)}`,
        ),
        t.tone === undefined
          ? null
          : h(
              'p',
              { class: 'meta story-tone' },
              `Tone: ${t.tone.pos} positive, ${t.tone.neu} neutral, ${t.tone.neg} negative${t.tone.net_tone === null ? '' : ` (net ${signedScore(t.tone.net_tone)})`}`,
            ),
        (t.entities ?? []).length === 0
          ? null
          : h(
              'p',
              { class: 'entities story-entities' },
              'Named: ',
              ...(t.entities ?? []).map((e) =>
                h(
                  'a',
                  {
                    class: `chip entity ${e.type}`,
                    'data-entity': e.key,
                    href: `?view=search&entity=${encodeURIComponent(e.key)}`,
                    title: `${e.articles} of its articles name ${e.name}`,
                  },
                  e.name,
                ),
              ),
            ),
        h('ol', { class: 'headlines' }, ...t.items.map(headlineItem)),
      ]
      detailBody.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null))
      // Its articles per hour of the window and their net tone, as the search view charts a query.
      if (t.timeline !== undefined && t.tone !== undefined)
        storyChart.draw({ total: t.articles, normalize: 'none', tone: t.tone, timeline: t.timeline })
      setStatus(
        detailStatus,
        t.items.length === 0 ? 'empty' : 'ok',
        'This story has no headlines in the window any more.',
      )
    } catch (error) {
      if (!isAbort(error)) showError(detailStatus, error)
    }
  }

  return { render: () => void render() }
}

function kwView(): 'cloud' | 'list' {
  return document.querySelector<HTMLInputElement>('input[name="kwview"]:checked')?.value === 'list' ? 'list' : 'cloud'
}

function drawKeywords(box: HTMLElement, answer: KeywordsAnswer, view: 'cloud' | 'list'): void {
  if (view === 'list') {
    box.replaceChildren(
      h(
        'ol',
        { class: 'kwlist' },
        ...answer.keywords.map((k) => h('li', {}, `${k.word} — ${k.trends} stories, ${k.articles} articles`)),
      ),
    )
    return
  }
  const most = Math.max(...answer.keywords.map((k) => k.trends))
  box.replaceChildren(
    h(
      'p',
      { class: 'cloud' },
      ...answer.keywords.map((k) => {
        const span = h('span', { title: `${k.trends} stories, ${k.articles} articles` }, k.word)
        span.style.fontSize = `${(0.9 + (most > 1 ? (k.trends - 1) / (most - 1) : 0) * 0.9).toFixed(2)}rem`
        return span
      }),
    ),
  )
}

function trendItem(t: Trend, open: (t: Trend) => void): HTMLLIElement {
  return h(
    'li',
    {},
    h('button', { type: 'button', class: 'link', onclick: () => open(t) }, t.title),
    h(
      'div',
      { class: 'meta' },
      `${t.publishers} ${t.publishers === 1 ? 'publisher' : 'publishers'} · ${t.articles} ${t.articles === 1 ? 'article' : 'articles'} · ${countryName(t.country)} · ${t.category}`,
    ),
    t.headlines.length > 0 ? h('ul', {}, ...t.headlines.map(headlineItem)) : null,
  )
}

function headlineItem(item: Headline): HTMLLIElement {
  return h(
    'li',
    {},
    h('a', { href: item.url, rel: 'noopener noreferrer', target: '_blank' }, item.title),
    h('span', { class: 'meta' }, ` ${item.host}, ${utcMinute(item.published_at)}`),
  )
}
