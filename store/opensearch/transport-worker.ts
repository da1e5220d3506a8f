/**
 * The worker behind `syncTransport`: runs each request with the official client and posts the
 * outcome back, then wakes the waiting thread through the shared flag.
 */
import { type MessagePort, workerData } from 'node:worker_threads'
import { OpenSearchError, type OpenSearchRequest, asyncTransport, openSearchClient } from './transport.ts'

const { url, port, flag } = workerData as { url: string; port: MessagePort; flag: Int32Array }
const send = asyncTransport(openSearchClient(url))

port.on('message', async (request: OpenSearchRequest) => {
  try {
    port.postMessage({ ok: true, body: await send(request) })
  } catch (error) {
    const e = error instanceof OpenSearchError ? error : new OpenSearchError(0, 'unknown', String(error))
    port.postMessage({ ok: false, status: e.status, type: e.type, message: e.message })
  }
  Atomics.store(flag, 0, 1)
  Atomics.notify(flag, 0)
})
