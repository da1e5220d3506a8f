/** Preloaded by bunfig.toml: a global afterAll that runs test/support/end-of-run.ts's tasks once, after every file. */
import { afterAll } from 'bun:test'
import { END_OF_RUN } from '../support/end-of-run.ts'

afterAll(() => END_OF_RUN.run())
