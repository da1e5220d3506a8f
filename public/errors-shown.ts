/** How a failed request reads on the page: the API's own words, never a blank area. */
import { ApiError } from './api-client.ts'
import { setStatus } from './dom.ts'

export function showError(box: HTMLElement, error: unknown): void {
  if (error instanceof ApiError) {
    box.dataset.httpStatus = String(error.status)
    setStatus(box, 'error', error.message, error.details)
    return
  }
  setStatus(
    box,
    'error',
    `Something went wrong on this page: ${error instanceof Error ? error.message : String(error)}`,
  )
}
