/**
 * No import circle reaches the renderer's state (CONTRIBUTING.md, "The renderer"): a module of
 * `state/` that imports, directly or through others, a module that imports it back is evaluated
 * half-done by whichever is loaded first, and the order of two files then decides which atoms
 * exist. Every static import counts, type-only ones too: a circle of types still ties modules
 * that should be apart. Dynamic `import()` does not (it loads after both modules are whole).
 */
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCircles, importGraph, sourceFiles } from '../helpers/import-graph'

const RENDERER = resolve(__dirname, '../../src/renderer/src')
const STATE = join(RENDERER, 'state')

describe('import circles', () => {
  it('finds a circle of three and a self-import, and nothing in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ])
    expect(importCircles(graph)).toEqual([['a', 'b', 'c'], ['e']])
  })

  it('none reaches a module of src/renderer/src/state', () => {
    const graph = importGraph(sourceFiles(RENDERER))
    expect(graph.size).toBeGreaterThan(100)
    const throughState = importCircles(graph)
      .filter((circle) => circle.some((file) => file.startsWith(`${STATE}/`)))
      .map((circle) => circle.map((file) => relative(RENDERER, file)))
    expect(throughState).toEqual([])
  })
})
