/**
 * A system program some tests drive (Chromium, wget). Without it a developer's run skips those
 * tests and prints why; under CI (`CI=true`, as .ci/run runs `npm test` after installing them) a
 * missing program is one failing test naming the package, so those tests can never pass by not
 * running.
 */
import { test } from 'bun:test'
import { existsSync } from 'node:fs'
import { readSetting } from '../../core/settings.ts'

export interface RequiredTool {
  /** The executable the tests run. */
  path: string
  /** The Debian package .ci/run installs it from. */
  debianPackage: string
  /** Which tests need it, for the message. */
  usedBy: string
}

/** Whether the tool is there; when not, registers the CI failure or prints the skip reason (call at a test file's top level). */
export function requireTool(
  tool: RequiredTool,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  if (existsSync(tool.path)) return true
  if (readSetting(env, 'CI')) {
    test(`${tool.debianPackage} is installed (CI=true: ${tool.usedBy} may not be skipped)`, () => {
      throw new Error(
        `${tool.path} is missing: .ci/run should have installed the Debian package ${tool.debianPackage} (apt-get install ${tool.debianPackage}) before npm test`,
      )
    })
  } else {
    console.log(
      `${tool.usedBy}: skipped, ${tool.path} is not installed (apt-get install ${tool.debianPackage}; .ci/run installs it)`,
    )
  }
  return false
}
