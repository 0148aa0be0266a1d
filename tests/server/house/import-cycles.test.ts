/**
 * No import circle in the server (docs/architecture.md, "The house"): two modules that import
 * each other, directly or through others, are evaluated half-done by whichever loads first, and
 * tie together what the layers keep apart. Type-only imports count too: a circle of types still
 * ties modules that should be apart (a shared type goes where both can import it).
 */
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCircles, importGraph, sourceFiles } from '../../helpers/import-graph'

const SERVER = resolve(__dirname, '../../../src/server')

describe('the server imports in one direction', () => {
  it('has no import circle', () => {
    const graph = importGraph(sourceFiles(SERVER))
    expect(graph.size).toBeGreaterThan(200)
    const circles = importCircles(graph).map((circle) =>
      circle.map((file) => relative(SERVER, file)),
    )
    expect(circles).toEqual([])
  })
})
