/**
 * The import graph of a folder's TypeScript modules, and its circles (tests of the house:
 * tests/renderer/state-import-cycles.test.ts, tests/server/house/import-cycles.test.ts). Every
 * static import and re-export counts, type-only ones too; a dynamic `import()` does not.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative specifier names, if it is one of `files`. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (files.has(candidate)) return candidate
  }
  return null
}

/** Each module's static imports (and re-exports) of other modules among `files`. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    const targets = new Set<string>()
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue
      const specifier = statement.moduleSpecifier
      if (!specifier || !ts.isStringLiteral(specifier)) continue
      const target = resolveImport(file, specifier.text, known)
      if (target) targets.add(target)
    }
    graph.set(file, [...targets])
  }
  return graph
}

/** The circles of a graph: its strongly connected parts of two modules or more, or a self-import (Tarjan). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const lowOf = (node: string) => low.get(node) ?? Infinity
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(lowOf(node), lowOf(target)))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(lowOf(node), index.get(target) ?? Infinity))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const part: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      part.push(member)
    } while (member !== node)
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(part.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return circles
}
