/** The search view: the form of /v1/search's filters, highlighted results, paging and feed links. */
import { type Query, apiUrl, getJson, isAbort, latestOnly } from './api-client.ts'
import { byId, h, highlighted, setStatus, utcMinute } from './dom.ts'
import { showError } from './errors-shown.ts'
import type { ParamSpecs } from './param-specs.ts'
import { readState, writeState } from './url-state.ts'
import type { SearchAnswer, SearchHit } from './wire-types.ts'

const SEARCH = '/v1/search'
const FEEDS = [
  { path: '/v1/rss', label: 'RSS' },
  { path: '/v1/atom', label: 'Atom' },
  { path: '/v1/feed.json', label: 'JSON Feed' },
] as const
/** The form's fields, named as the API names them; their values travel in the page URL too. */
const FILTERS = ['q', 'country', 'lang', 'date', 'sort'] as const

export function mountSearch(specs: ParamSpecs): { render: () => void } {
  const form = byId<HTMLFormElement>('search-form')
  const status = byId('search-status')
  const list = byId('search-results')
  const pager = byId('search-pager')
  const feeds = byId('search-feeds')
  const next = latestOnly()
  const maxOffset = specs.maximum(SEARCH, 'offset')

  fillSelect(byId<HTMLSelectElement>('f-date'), [['', 'any time'], ...specs.choices(SEARCH, 'date').map((v) => [v, v] as const)])
  const sortDefault = specs.defaultOf(SEARCH, 'sort')
  fillSelect(byId<HTMLSelectElement>('f-sort'), specs.choices(SEARCH, 'sort').map((v) => [v, v === sortDefault ? `${v} (default)` : v] as const))

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const changes: Record<string, string | undefined> = { offset: undefined }
    for (const name of FILTERS) {
      const value = field(name)?.value.trim() ?? ''
      changes[name] = name === 'sort' && value === sortDefault ? undefined : value
    }
    writeState(changes)
    void render()
  })

  async function render(): Promise<void> {
    const state = readState()
    for (const name of FILTERS) {
      const input = field(name)
      if (input !== null) input.value = state.get(name) ?? (name === 'sort' ? (sortDefault ?? '') : '')
    }
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
    try {
      const answer = await getJson<SearchAnswer>(SEARCH, { ...filters, offset: offset === 0 ? undefined : offset, highlight: 'true' }, signal)
      list.replaceChildren(...answer.results.map(hitItem))
      if (answer.results.length === 0) {
        setStatus(status, 'empty', answer.total === 0 ? 'No articles match this search. Try fewer words, another date or no country filter.' : 'No more results on this page.')
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

function fillSelect(select: HTMLSelectElement, options: readonly (readonly [string, string])[]): void {
  select.replaceChildren(...options.map(([value, label]) => h('option', { value }, label)))
}

function hitItem(hit: SearchHit): HTMLLIElement {
  const title = hit.title !== undefined && hit.title !== '' ? highlighted(hit.title) : '(no title)'
  const image =
    hit.image !== undefined && hit.image !== ''
      ? h('img', { src: hit.image, alt: '', loading: 'lazy', referrerpolicy: 'no-referrer', width: 96, height: 72, onerror: (e: Event) => (e.target as HTMLElement).remove() })
      : null
  const meta = [hit.host, hit.published_at === undefined ? undefined : utcMinute(hit.published_at), [hit.lang, hit.country].filter(Boolean).join(' · ')].filter((s) => s !== undefined && s !== '')
  return h(
    'li',
    { class: 'hit' },
    image,
    h(
      'div',
      {},
      h('h3', {}, hit.url === undefined ? title : h('a', { href: hit.url, rel: 'noopener noreferrer', target: '_blank' }, title)),
      hit.description !== undefined && hit.description !== '' ? h('p', {}, highlighted(hit.description)) : null,
      h('p', { class: 'meta' }, meta.join(' — ')),
    ),
  )
}

/** Pages of the API's own `size` (its default, since the page never sends one). */
function renderPager(pager: HTMLElement, answer: SearchAnswer, maxOffset: number, onPage: (offset: number) => void): void {
  const last = answer.offset + answer.results.length
  const total = `${answer.total_relation === 'gte' ? 'at least ' : ''}${answer.total.toLocaleString('en-US')}`
  const prevOffset = Math.max(0, answer.offset - answer.size)
  const nextOffset = answer.offset + answer.size
  const go = (offset: number) => () => onPage(offset)
  pager.replaceChildren(
    h('button', { type: 'button', class: 'secondary', disabled: answer.offset === 0, onclick: go(prevOffset) }, '← Previous'),
    h('span', { 'aria-live': 'polite', id: 'search-range' }, `Results ${answer.offset + 1}–${last} of ${total}`),
    h('button', { type: 'button', class: 'secondary', disabled: last >= answer.total || nextOffset > maxOffset, onclick: go(nextOffset) }, 'Next →'),
  )
}

function renderFeeds(feeds: HTMLElement, specs: ParamSpecs, filters: Readonly<Record<string, string>>): void {
  feeds.replaceChildren(
    'This search as a feed: ',
    ...FEEDS.map(({ path, label }) => {
      const accepted = new Set(specs.queryNames(path))
      const query: Query = Object.fromEntries(Object.entries(filters).filter(([name]) => accepted.has(name)))
      return h('a', { href: apiUrl(path, query).href, type: path === '/v1/feed.json' ? 'application/feed+json' : undefined }, label)
    }),
  )
}
