/**
 * Makes every insert into a table fail, in whichever database the test's store is, so that a
 * test can watch a change roll back when one of its writes fails half-way: a trigger that raises,
 * in SQLite's syntax or PostgreSQL's. Answers what takes it away again.
 */
import type { Store } from '../../src/server/db/store'

export async function failInsertsInto(
  store: Store,
  table: string,
  message: string,
): Promise<() => Promise<void>> {
  const name = `fail_${table}`
  // Names and the message are written by the test, never input; a message holds no quote.
  if (/'/.test(message)) throw new Error('The message of a failing insert holds no quote.')
  if (store.dialect === 'sqlite') {
    await store.run(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table}
       BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    )
    return async () => {
      await store.run(`DROP TRIGGER ${name}`)
    }
  }
  await store.run(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
     AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
  )
  await store.run(
    `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  )
  return async () => {
    await store.run(`DROP TRIGGER ${name} ON ${table}`)
    await store.run(`DROP FUNCTION ${name}()`)
  }
}
