/**
 * Which of cc-news:live's listed files a run starts, when NEWSDESK_LIVE_MAX_FILES caps them: the
 * files not finished yet, half-read ones first (they resume where they stopped), then new ones in
 * listing order (newest first), and last the files whose latest attempt failed before committing
 * anything (batch/ingest/run.ts records only those), the longest-failed first. A file that keeps
 * failing therefore never holds a slot another file could use, and is still retried whenever the
 * cap leaves room; without the last rule, N files failing on every run would take all N slots and
 * new files would never start. A file that fails after progress stays half-read: it moved on.
 */
export interface LiveFileState {
  status: 'running' | 'done'
  /** Epoch seconds of the file's latest failed attempt, when its latest attempt failed. */
  failedAt: number | null
}

export function pendingLiveFiles(
  urls: readonly string[],
  known: (url: string) => LiveFileState | null,
  maxFiles: number,
): string[] {
  const started: string[] = []
  const fresh: string[] = []
  const failing: { url: string; at: number; order: number }[] = []
  urls.forEach((url, order) => {
    const state = known(url)
    if (state?.status === 'done') return
    if (state?.failedAt != null) failing.push({ url, at: state.failedAt, order })
    else (state === null ? fresh : started).push(url)
  })
  failing.sort((a, b) => a.at - b.at || a.order - b.order)
  const pending = [...started, ...fresh, ...failing.map((f) => f.url)]
  return maxFiles > 0 ? pending.slice(0, maxFiles) : pending
}
