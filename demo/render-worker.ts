/** Worker-thread entry: renders the hours it is given (see write-hours.ts) and reports the numbers. */
import { parentPort, workerData } from 'node:worker_threads'
import { type RenderJob, renderHours } from './write-hours.ts'

parentPort?.postMessage(renderHours(workerData as RenderJob))
