/**
 * What /v1/stats says about the current search: the coverage chart (with its "share of all
 * coverage" switch) and the facet lists. It asks with the search's own filters, so the chart and
 * the counts always describe the results below them.
 */
import { type Query, getJson, isAbort, latestOnly } from './api-client.ts'
import { CoverageChart } from './coverage-chart.ts'
import { byId, setStatus } from './dom.ts'
import { showError } from './errors-shown.ts'
import { ENTITY_FACET_TOP, FACETS, type Facet, drawFacets } from './facet-lists.ts'
import type { ParamSpecs } from './param-specs.ts'
import { listOf, readState, writeState } from './url-state.ts'
import type { StatsAnswer } from './wire-types.ts'

const STATS = '/v1/stats'

export function mountStats(
  specs: ParamSpecs,
  onFacet: (param: Facet['param'], values: string[]) => void,
): { render: (filters: Readonly<Record<string, string>>) => void } {
  const coverageStatus = byId('coverage-status')
  const facetsStatus = byId('facets-status')
  const facetsBox = byId('facets')
  const shareToggle = byId<HTMLInputElement>('s-share')
  const chart = new CoverageChart(byId('coverage-chart'), byId('coverage-table'))
  const accepted = new Set(specs.queryNames(STATS))
  const next = latestOnly()
  let lastFilters: Readonly<Record<string, string>> = {}
  /** The query last drawn in full: paging or re-sorting the results leaves the counts as they are. */
  let drawn = ''

  shareToggle.addEventListener('change', () => {
    writeState({ normalize: shareToggle.checked ? 'share' : undefined })
    void render(lastFilters)
  })

  async function render(filters: Readonly<Record<string, string>>): Promise<void> {
    lastFilters = filters
    const share = readState().get('normalize') === 'share'
    shareToggle.checked = share
    const query: Record<string, string> = Object.fromEntries(
      Object.entries(filters).filter(([name]) => accepted.has(name)),
    )
    const key = JSON.stringify([query, share])
    if (key === drawn) return
    drawn = ''
    const signal = next()
    setStatus(coverageStatus, 'loading', 'Counting coverage…')
    setStatus(facetsStatus, 'loading', 'Counting…')
    // Each facet in use is counted without its own filter; the others come from the main answer.
    const own = FACETS.filter((f) => query[f.param] !== undefined)
    const withoutOwn = (param: string): Query =>
      Object.fromEntries(Object.entries(query).filter(([name]) => name !== param))
    const main = getJson<StatsAnswer>(
      STATS,
      { ...query, normalize: share ? 'share' : undefined, entities: ENTITY_FACET_TOP },
      signal,
    )
    const others = own.map(
      async (f) =>
        [
          f.param,
          await getJson<StatsAnswer>(
            STATS,
            { ...withoutOwn(f.param), entities: f.param === 'entity' ? ENTITY_FACET_TOP : undefined },
            signal,
          ),
        ] as const,
    )
    try {
      const [answer, ...extra] = await Promise.all([main, ...others])
      if (answer.total === 0) {
        chart.clear()
        setStatus(coverageStatus, 'empty', 'No articles to chart for this search.')
      } else {
        chart.draw(answer)
        setStatus(coverageStatus, 'ok')
      }
      const answers = new Map<Facet['param'], StatsAnswer>([...FACETS.map((f) => [f.param, answer] as const), ...extra])
      drawFacets(facetsBox, answers, (param) => listOf(query[param] ?? null), onFacet)
      setStatus(facetsStatus, 'ok')
      drawn = key
    } catch (error) {
      if (isAbort(error)) return
      chart.clear()
      facetsBox.replaceChildren()
      showError(coverageStatus, error)
      setStatus(facetsStatus, 'empty', 'No counts for these parameters (see the message above).')
    }
  }

  return { render: (filters) => void render(filters) }
}
