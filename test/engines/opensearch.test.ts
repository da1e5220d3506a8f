/**
 * The contract suite against a real OpenSearch (or Elasticsearch) when OPENSEARCH_URL names one:
 * the fixture store is bulk-indexed into daily indices under a prefix of this run's own, searched
 * through the same OpenSearchIndex the live node uses, and deleted afterwards. Without the
 * variable the run is skipped and says why. OPENSEARCH_ICU=0 for a cluster without analysis-icu.
 */
import { test } from 'bun:test'
import { readNewDocuments, bulkBody, checkBulkResponse } from '../../store/opensearch/bulk.ts'
import { indexTemplate } from '../../store/opensearch/index-template.ts'
import { syncTransport } from '../../store/opensearch/sync-transport.ts'
import { OpenSearchIndex, storeVariantResolver } from '../../store/search-opensearch.ts'
import { searchContract } from './search-contract.ts'
import { readSetting } from '../../core/settings.ts'

const url = readSetting(process.env, 'OPENSEARCH_URL') ?? ''

if (url === '') {
  console.log(
    'search contract: opensearch skipped: OPENSEARCH_URL is not set (e.g. OPENSEARCH_URL=http://localhost:9200 npm test)',
  )
  test.skip('search contract: opensearch (OPENSEARCH_URL is not set)', () => {})
} else {
  searchContract('opensearch', (db) => {
    const transport = syncTransport(url)
    const send = transport.send
    const prefix = `newsdesk-contract-${process.pid}-${Date.now()}-`
    const template = `${prefix}template`
    send({
      method: 'PUT',
      path: `/_index_template/${template}`,
      body: indexTemplate({
        shards: 1,
        replicas: 0,
        refreshIntervalS: 1,
        pattern: `${prefix}*`,
        priority: 200,
        fallbackAnalyzer: readSetting(process.env, 'OPENSEARCH_ICU') ? 'icu_analyzer' : 'standard',
      }),
    })
    const docs = readNewDocuments(db, 0, Number.MAX_SAFE_INTEGER, 100_000)
    checkBulkResponse(
      send({ method: 'POST', path: '/_bulk', ndjson: bulkBody(docs, prefix), querystring: { refresh: 'true' } }),
    )
    return {
      index: new OpenSearchIndex(send, `${prefix}*`, storeVariantResolver(db)),
      close: async () => {
        send({ method: 'DELETE', path: `/${prefix}*` })
        send({ method: 'DELETE', path: `/_index_template/${template}` })
        await transport.close()
      },
    }
  })
}
