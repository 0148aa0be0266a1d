/** A scripted server for the renderer's API client: `fetch` replaced by a mock. */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { loadAnswerChecks } from '../../src/renderer/src/api/answer-checks'
import { configureApi } from '../../src/renderer/src/api/client'

/** A JSON answer as a Gamerstage server sends it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/**
 * For each test of the calling file or block: `fetch` is the returned mock (reset after the
 * test) and the API client talks to a friend's server at http://friend:4567 with the token "t".
 * Its after-hook runs after those registered later, as vitest runs after-hooks in reverse.
 */
export function fakeFriendServer() {
  const fetchMock = vi.fn<typeof fetch>()
  // The answer checks load beside the first screen, as main.tsx asks for them at start: loaded
  // before the first answer here too, so that no test waits on their module's first transform.
  beforeAll(() => loadAnswerChecks())
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    configureApi({ baseUrl: 'http://friend:4567', getToken: () => 't' })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })
  return fetchMock
}
