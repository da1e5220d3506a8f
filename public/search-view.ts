/**
 * The search view: the form of /v1/search's filters, results with their category and tone, paging,
 * feed links, and (from /v1/stats, search-stats.ts) the coverage chart and the facets.
 */
import { type Query, apiUrl, getJson, isAbort, latestOnly } from './api-client.ts'
import { TONE_WORDS } from './display-names.ts'
import { byId, h, setStatus } from './dom.ts'
import { showError } from './errors-shown.ts'
import { mountEntityCard } from './entity-card.ts'
import type { ParamSpecs } from './param-specs.ts'
import { hitItem } from './result-item.ts'
import { mountStats } from './search-stats.ts'
import { listOf, readState, toggled, writeState } from './url-state.ts'
import { SENTIMENTS, type SearchAnswer } from './wire-types.ts'

const SEARCH = '/v1/search'
const FEEDS = [
  { path: '/v1/rss', label: 'RSS' },
  { path: '/v1/atom', label: 'Atom' },
  { path: '/v1/feed.json', label: 'JSON Feed' },
] as const
/** The search's filters, named as the API names them; their values travel in the page URL too. */
const FILTERS = [
  'q',
  'in',
  'country',
  'lang',
  'category',
  'sentiment',
  'min_score',
  'max_score',
  'exclude_host',
  'entity',
  'date',
  'sort',
] as const
/** The filters the form's text fields and pickers hold (category is set from its facet only). */
const TYPED = ['q', 'country', 'lang', 'min_score', 'max_score', 'date', 'sort'] as const

export function mountSearch(specs: ParamSpecs): { render: () => void } {
  const form = byId<HTMLFormElement>('search-form')
  const status = byId('search-status')
  const list = byId('search-results')
  const pager = byId('search-pager')
  const feeds = byId('search-feeds')
  const inTitle = byId<HTMLInputElement>('f-in-title')
  const hidden = byId('search-hidden')
  const named = byId('search-entities')
  /** Adds or removes an entity of the `entity` filter and searches again. */
  const toggleEntity = (key: string) => {
    writeState({ entity: toggled(listOf(readState().get('entity')), key).join(','), offset: undefined })
    void render()
  }
  /** Adds or removes a publisher of exclude_host and searches again. */
  const toggleHidden = (host: string) => {
    writeState({ exclude_host: toggled(listOf(readState().get('exclude_host')), host).join(','), offset: undefined })
    void render()
  }
  /** Keeps the search to one entity named with the one it was kept to. */
  const card = mountEntityCard(specs, (key) => {
    writeState({ entity: key, offset: undefined })
    void render()
  })
  const next = latestOnly()
  const maxOffset = specs.maximum(SEARCH, 'offset')
  const stats = mountStats(specs, (param, values) => {
    writeState({ [param]: values.join(','), offset: undefined })
    void render()
  })

  fillSelect(byId<HTMLSelectElement>('f-date'), [
    ['', 'any time'],
    ...specs.choices(SEARCH, 'date').map((v) => [v, v] as const),
  ])
  const sortDefault = specs.defaultOf(SEARCH, 'sort')
  fillSelect(
    byId<HTMLSelectElement>('f-sort'),
    specs.choices(SEARCH, 'sort').map((v) => [v, v === sortDefault ? `${v} (default)` : v] as const),
  )
  for (const name of ['min_score', 'max_score'] as const) {
    const input = field(name)
    const { minimum, maximum } = specs.schema(SEARCH, name)
    if (input instanceof HTMLInputElement && minimum !== undefined && maximum !== undefined)
      Object.assign(input, { min: String(minimum), max: String(maximum) })
  }
  const toneBoxes = SENTIMENTS.map((value) => h('input', { type: 'checkbox', name: 'sentiment', value }))
  byId('f-sentiment').replaceChildren(
    ...SENTIMENTS.map((value, i) => h('label', { class: 'inline' }, toneBoxes[i], ` ${TONE_WORDS[value]}`)),
  )

  function field(name: string): HTMLInputElement | HTMLSelectElement | null {
    const el = form.elements.namedItem(name)
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el : null
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const changes: Record<string, string | undefined> = { offset: undefined }
    for (const name of TYPED) {
      const value = field(name)?.value.trim() ?? ''
      changes[name] = name === 'sort' && value === sortDefault ? undefined : value
    }
    changes.in = inTitle.checked ? 'title' : undefined
    changes.sentiment = toneBoxes
      .filter((b) => b.checked)
      .map((b) => b.value)
      .join(',')
    writeState(changes)
    void render()
  })

  function fillForm(state: URLSearchParams): void {
    for (const name of TYPED) {
      const input = field(name)
      if (input !== null) input.value = state.get(name) ?? (name === 'sort' ? (sortDefault ?? '') : '')
    }
    inTitle.checked = state.get('in') === 'title'
    const tones = listOf(state.get('sentiment'))
    for (const box of toneBoxes) box.checked = tones.includes(box.value)
  }

  async function render(): Promise<void> {
    const state = readState()
    fillForm(state)
    const filters: Record<string, string> = {}
    for (const name of FILTERS) {
      const value = state.get(name)
      if (value !== null && value !== '') filters[name] = value
    }
    const offset = Math.max(0, Number(state.get('offset') ?? 0) || 0)
    const signal = next()
    setStatus(status, 'loading', 'Searching…')
    list.setAttribute('aria-busy', 'true')
    renderFeeds(feeds, specs, filters)
    renderHidden(hidden, listOf(state.get('exclude_host')), toggleHidden)
    renderEntityFilter(named, listOf(state.get('entity')), toggleEntity)
    stats.render(filters)
    card.render(filters)
    try {
      const answer = await getJson<SearchAnswer>(
        SEARCH,
        { ...filters, offset: offset === 0 ? undefined : offset, highlight: 'true' },
        signal,
      )
      list.replaceChildren(...answer.results.map((hit) => hitItem(hit, toggleHidden, toggleEntity)))
      if (answer.results.length === 0) {
        setStatus(
          status,
          'empty',
          answer.total === 0
            ? 'No articles match this search. Try fewer words, another date, or fewer filters.'
            : 'No more results on this page.',
        )
      } else {
        const last = answer.offset + answer.results.length
        setStatus(status, 'ok')
        pager.dataset.range = `${answer.offset + 1}-${last}`
        renderPager(pager, answer, maxOffset, (offset) => {
          writeState({ offset: offset === 0 ? undefined : offset })
          byId('h-search').scrollIntoView({ block: 'start' })
          void render()
        })
        return
      }
      pager.replaceChildren()
    } catch (error) {
      if (isAbort(error)) return
      list.replaceChildren()
      pager.replaceChildren()
      showError(status, error)
    } finally {
      if (!signal.aborted) list.removeAttribute('aria-busy')
    }
  }

  return { render: () => void render() }
}

/** The publishers left out (exclude_host), each with a button that brings it back. */
function renderHidden(hidden: HTMLElement, hosts: readonly string[], onToggle: (host: string) => void): void {
  renderToggles(hidden, 'Hidden publishers: ', hosts, onToggle, {
    class: 'link show-host',
    attribute: 'data-host',
    title: (host) => `Show ${host} again`,
  })
}

/**
 * A line of values a filter holds, each a button that takes it out again (`label` first); the
 * line is hidden when there are none.
 */
function renderToggles(
  box: HTMLElement,
  label: string,
  values: readonly string[],
  onToggle: (value: string) => void,
  look: { class: string; attribute: string; title: (value: string) => string },
): void {
  box.hidden = values.length === 0
  box.replaceChildren(
    ...(values.length === 0
      ? []
      : [
          label,
          ...values.map((value) =>
            h(
              'button',
              {
                type: 'button',
                class: look.class,
                [look.attribute]: value,
                title: look.title(value),
                onclick: () => onToggle(value),
              },
              `${value} ×`,
            ),
          ),
        ]),
  )
}

/** The entities the search is kept to (the `entity` filter), each with a button that drops it. */
function renderEntityFilter(box: HTMLElement, keys: readonly string[], onToggle: (key: string) => void): void {
  renderToggles(box, 'Naming: ', keys, onToggle, {
    class: 'link drop-entity',
    attribute: 'data-entity',
    title: (key) => `Stop filtering by ${key}`,
  })
}

function fillSelect(select: HTMLSelectElement, options: readonly (readonly [string, string])[]): void {
  select.replaceChildren(...options.map(([value, label]) => h('option', { value }, label)))
}

/** Pages of the API's own `size` (its default, since the page never sends one). */
function renderPager(
  pager: HTMLElement,
  answer: SearchAnswer,
  maxOffset: number,
  onPage: (offset: number) => void,
): void {
  const last = answer.offset + answer.results.length
  const total = `${answer.total_relation === 'gte' ? 'at least ' : ''}${answer.total.toLocaleString('en-US')}`
  const prevOffset = Math.max(0, answer.offset - answer.size)
  const nextOffset = answer.offset + answer.size
  const go = (offset: number) => () => onPage(offset)
  pager.replaceChildren(
    h(
      'button',
      { type: 'button', class: 'secondary', disabled: answer.offset === 0, onclick: go(prevOffset) },
      '← Previous',
    ),
    h('span', { 'aria-live': 'polite', id: 'search-range' }, `Results ${answer.offset + 1}–${last} of ${total}`),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        disabled: last >= answer.total || nextOffset > maxOffset,
        onclick: go(nextOffset),
      },
      'Next →',
    ),
  )
}

function renderFeeds(feeds: HTMLElement, specs: ParamSpecs, filters: Readonly<Record<string, string>>): void {
  feeds.replaceChildren(
    'This search as a feed: ',
    ...FEEDS.map(({ path, label }) => {
      const accepted = new Set(specs.queryNames(path))
      const query: Query = Object.fromEntries(Object.entries(filters).filter(([name]) => accepted.has(name)))
      return h(
        'a',
        { href: apiUrl(path, query).href, type: path === '/v1/feed.json' ? 'application/feed+json' : undefined },
        label,
      )
    }),
  )
}
