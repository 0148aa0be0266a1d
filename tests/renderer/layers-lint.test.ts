// @vitest-environment node
/**
 * The renderer's layers as `npm run lint` holds them (eslint.config.js, CONTRIBUTING.md "The
 * renderer"): a component or route reaches the server through state/, never api/ (its types
 * excepted); state/ itself calls api/.
 */
import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')
const eslint = new ESLint({ cwd: ROOT })

/** The messages of the layer rule for `code` as if it were the file at `path`. */
async function layerProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message)
}

const CALL = `import { getUser } from '../api/users'\nexport const load = () => getUser('ann')\n`
const TYPE = `import type { PollInput } from '../api/polls'\nexport type Input = PollInput\n`

// Loading ESLint with the project's config takes seconds, more on a busy machine.
describe('the renderer layer rule', { timeout: 120_000 }, () => {
  it.each([
    ['src/renderer/src/components/Example.tsx', CALL],
    ['src/renderer/src/routes/Example.tsx', CALL],
    [
      'src/renderer/src/components/shares/Example.tsx',
      `import * as api from '../../api/shares'\nexport const load = () => api.listReposters('1')\n`,
    ],
  ])('refuses a call of api/ in %s', async (path, code) => {
    const problems = await layerProblems(path, code)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('through src/renderer/src/state')
  })

  it('lets a component name a type of api/, and state/ call api/', async () => {
    expect(await layerProblems('src/renderer/src/components/Example.tsx', TYPE)).toEqual([])
    expect(await layerProblems('src/renderer/src/state/example.ts', CALL)).toEqual([])
  })
})
