// Module hooks (node:module `register`): appends the URL of every module resolved, one a line, to
// the file the register call names. CommonJS `require` inside a package is not seen, only what
// ESM imports reach: a package's entry, which is what this log is for.
import { appendFileSync } from 'node:fs'

let file

export function initialize(data) {
  file = data.file
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context)
  if (file) appendFileSync(file, `${resolved.url}\n`)
  return resolved
}
