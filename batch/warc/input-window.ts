/** The not-yet-inflated compressed bytes, pulled from the source on demand. */
import { SourceCutError } from './byte-source.ts'

const EMPTY = new Uint8Array(0)

export class InputWindow {
  private flat: Uint8Array = EMPTY
  private pending: Uint8Array[] = []
  private pendingBytes = 0
  private done = false
  /** The source stopped mid-body (a dropped connection), as opposed to a clean end. */
  cut = false
  /** Source offset of the window's first byte: where a member found at 0 starts in the file. */
  consumed: number

  constructor(
    private readonly source: AsyncIterator<Uint8Array>,
    baseOffset = 0,
  ) {
    this.consumed = baseOffset
  }

  get length(): number {
    return this.flat.length + this.pendingBytes
  }

  get ended(): boolean {
    return this.done
  }

  /** All buffered bytes as one array (joins pending chunks once). */
  get bytes(): Uint8Array {
    if (this.pending.length > 0) {
      const joined = new Uint8Array(this.length)
      joined.set(this.flat)
      let at = this.flat.length
      for (const part of this.pending) {
        joined.set(part, at)
        at += part.length
      }
      this.flat = joined
      this.pending = []
      this.pendingBytes = 0
    }
    return this.flat
  }

  /** Pulls one more chunk; false at the end of the source. */
  async read(): Promise<boolean> {
    while (!this.done) {
      let step: IteratorResult<Uint8Array>
      try {
        step = await this.source.next()
      } catch (err) {
        if (!(err instanceof SourceCutError)) throw err
        this.cut = true
        step = { done: true, value: undefined }
      }
      if (step.done) {
        this.done = true
        return false
      }
      if (step.value.length === 0) continue
      if (this.length === 0) this.flat = step.value
      else {
        this.pending.push(step.value)
        this.pendingBytes += step.value.length
      }
      return true
    }
    return false
  }

  async readAtLeast(bytes: number): Promise<void> {
    while (this.length < bytes && (await this.read())) {}
  }

  drop(bytes: number): void {
    const flat = this.bytes
    this.consumed += Math.min(bytes, flat.length)
    this.flat = bytes >= flat.length ? EMPTY : flat.subarray(bytes)
  }
}
