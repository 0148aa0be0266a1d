/**
 * A store whose reads run once for the same SQL text and parameters (docs/PERFORMANCE.md,
 * "fewer round trips per new post"): right after its commit, a command presents what it wrote for
 * its live event and then again for its answer, and the parts every viewer sees alike (authors,
 * images, polls, emoji counts) are the same statements both times. Read through this store, the
 * answer costs only what differs (the viewer's own state) and shows what the event showed. Only for
 * such a short run right after a commit, never kept beyond it: it answers what the first read saw.
 * Each caller gets its own copy of the rows (a caller may change what it got; bytes come back as a
 * Uint8Array, so it is not for reading stored images). Writes and transactions go through.
 */
import type { SqlParam, Store } from './store'

export function readingOnce(db: Store): Store {
  const answers = new Map<string, Promise<unknown>>()
  const once = <Answer>(
    kind: 'all' | 'get' | 'ids',
    text: string,
    params: SqlParam[],
    read: () => Promise<Answer>,
  ): Promise<Answer> => {
    let key: string
    try {
      key = `${kind}\u0000${text}\u0000${JSON.stringify(params)}`
    } catch {
      return read()
    }
    let answer = answers.get(key) as Promise<Answer> | undefined
    if (!answer) {
      answer = read()
      answers.set(key, answer)
      // A read that failed is not answered again.
      answer.catch(() => answers.delete(key))
    }
    return answer.then((rows) => structuredClone(rows))
  }
  return {
    dialect: db.dialect,
    sql: db.sql,
    all: (text, ...params) => once('all', text, params, () => db.all(text, ...params)),
    get: (text, ...params) => once('get', text, params, () => db.get(text, ...params)),
    ids: (text, ...params) => once('ids', text, params, () => db.ids(text, ...params)),
    run: (text, ...params) => db.run(text, ...params),
    runAtCommit: (text, ...params) => db.runAtCommit(text, ...params),
    transaction: (work) => db.transaction(work),
  }
}
