/**
 * The door of kept answers (http/kept-answer-door.ts) answers a kept page before the app routes
 * it, so only the token's check may stand before `keptAnswers` on a route: a rate limit or any
 * other refusal put before it would be skipped at the door.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROUTES = join(__dirname, '../../../src/server/routes')
/** What may come between a route's path and its `keptAnswers(…)`: the token's check. */
const ALLOWED_BEFORE = /^(?:optionalViewer\(deps\)|requireUser\(deps\)|auth)$/

/** For each `keptAnswers(` of a route file, the handlers its route lists before it. */
function handlersBefore(source: string): string[][] {
  const found: string[][] = []
  for (const match of source.matchAll(/keptAnswers\(/g)) {
    const start = source.lastIndexOf('.get(', match.index)
    const between = source
      .slice(start + '.get('.length, match.index)
      .replace(/\/\/[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
    // The path first (a string or a template), then the handlers, comma-separated.
    const [, ...handlers] = between.split(',').map((part) => part.trim())
    found.push(handlers.filter((handler) => handler !== ''))
  }
  return found
}

describe('routes whose answers are kept', () => {
  it('check only the token before keptAnswers', () => {
    let routes = 0
    for (const file of readdirSync(ROUTES).filter((name) => name.endsWith('.ts'))) {
      for (const handlers of handlersBefore(readFileSync(join(ROUTES, file), 'utf8'))) {
        routes++
        for (const handler of handlers) {
          expect(handler, `${file}: ${handler} before keptAnswers`).toMatch(ALLOWED_BEFORE)
        }
      }
    }
    expect(routes).toBeGreaterThan(10)
  })

  it('is told a route that limits or validates before keptAnswers', () => {
    const source = `.get('/', auth, perUserLimit(deps, 'reactions'), keptAnswers(db), async (c) => {})`
    const [handlers = []] = handlersBefore(source)
    expect(handlers[0]).toMatch(ALLOWED_BEFORE)
    expect(handlers.slice(1).some((handler) => !ALLOWED_BEFORE.test(handler))).toBe(true)
  })
})
