import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { refreshTermCounts } from '../../store/term-counts.ts'
import { FIXTURE_NOW } from '../support/fixture-store.ts'
import { searchContract } from './search-contract.ts'

searchContract('sqlite', (db) => ({ index: new SqliteSearchIndex(db) }))

// The same contract with every word of the fixture counted per day (store/term-counts.ts), so the
// stats cases with one word are answered from the counts.
searchContract('sqlite with word counts', (db) => {
  const r = refreshTermCounts(db, FIXTURE_NOW.getTime() / 1000, { minDocs: 2, maxKeys: 1000 })
  // The fixture has about 70 distinct words; far fewer would mean the counts are not exercised.
  if (r.keys < 40) throw new Error(`only ${r.keys} words counted`)
  // And its 8 entities (facet tokens counted as words are): the stats cases with one entity read them.
  const entities = db
    .query<{ n: number }, []>("SELECT count(*) AS n FROM term_keys WHERE key LIKE 'facets : (\"e%'")
    .get()?.n
  if (entities !== 8) throw new Error(`${entities} entities counted, not the fixture's 8`)
  return { index: new SqliteSearchIndex(db) }
})
