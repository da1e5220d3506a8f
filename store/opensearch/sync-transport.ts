/**
 * A synchronous transport over the official client: the client runs in a worker thread, the
 * caller blocks on a shared flag (Atomics.wait) and then takes the reply off the port with
 * receiveMessageOnPort. A request blocks this thread's event loop for its round trip, so one
 * live node serves OpenSearch-backed searches one at a time; nodes are stateless, and capacity
 * comes from running several behind the load balancer (docs/opensearch.md).
 */
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads'
import { OpenSearchError, type OpenSearchRequest, REQUEST_TIMEOUT_MS, type SyncTransport } from './transport.ts'

type Reply = { ok: true; body: unknown } | { ok: false; status: number; type: string; message: string }

export interface SyncTransportHandle {
  send: SyncTransport
  close: () => Promise<void>
}

/** The client retries twice; wait for all three attempts before giving up. */
const WAIT_MS = REQUEST_TIMEOUT_MS * 3 + 1000

export function syncTransport(url: string): SyncTransportHandle {
  const flag = new Int32Array(new SharedArrayBuffer(4))
  const { port1, port2 } = new MessageChannel()
  const worker = new Worker(new URL('./transport-worker.ts', import.meta.url), {
    workerData: { url, port: port2, flag },
    transferList: [port2],
  })
  worker.unref()
  const mine: MessagePort = port1
  const send: SyncTransport = (request: OpenSearchRequest) => {
    Atomics.store(flag, 0, 0)
    mine.postMessage(request)
    if (Atomics.wait(flag, 0, 0, WAIT_MS) === 'timed-out')
      throw new OpenSearchError(
        0,
        'timeout',
        `OpenSearch ${request.method} ${request.path}: no answer in ${WAIT_MS} ms`,
      )
    const received = receiveMessageOnPort(mine)
    if (received === undefined)
      throw new OpenSearchError(0, 'no_reply', `OpenSearch ${request.method} ${request.path}: no reply`)
    const reply = received.message as Reply
    if (!reply.ok) throw new OpenSearchError(reply.status, reply.type, reply.message)
    return reply.body
  }
  return {
    send,
    close: async () => {
      mine.close()
      await worker.terminate()
    },
  }
}
