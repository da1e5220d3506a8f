/** Command-line plumbing shared by the batch commands: usage errors and flag parsing. */

export class UsageError extends Error {}

export function flag(args: readonly string[], name: string): number | undefined {
  const text = stringFlag(args, name)
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} takes a whole number, got "${text}"`)
  return Number(text)
}

export function stringFlag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name)
  if (i === -1) return undefined
  const value = args[i + 1]
  if (value === undefined) throw new UsageError(`${name} needs a value`)
  return value
}
