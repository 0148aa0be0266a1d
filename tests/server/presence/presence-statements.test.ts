/**
 * No N+1 for presence (src/server/db/README.md): Who's here and the batched lookup run the same
 * number of SQL statements for 5 people as for 50.
 */
import { expect, it } from 'vitest'
import { quickUser } from '../../helpers/api'
import { makeTestApp } from '../../helpers/server-app'

it('answers Who’s here and a lookup with as many statements for 50 people as for 5', async () => {
  const statements: string[] = []
  const app = await makeTestApp({ demo: false, onStatement: (sql) => statements.push(sql) })
  try {
    const viewer = await quickUser(app, 'viewer')
    const others: { id: string; token: string }[] = []
    for (let index = 0; index < 50; index++) others.push(await quickUser(app, `player${index}`))
    for (const [index, other] of others.entries()) {
      if (index % 2 === 0) {
        await app.send(`/api/users/follow/${other.id}`, {}, { token: viewer.token })
      }
      await app.send(
        '/api/me/status',
        { game: `Game ${index}`, expiresIn: 'never' },
        { token: other.token, method: 'PUT' },
      )
    }
    const open = (count: number) => {
      for (const other of others.slice(0, count)) {
        const connection = app.events.connect({ userId: Number(other.id), address: '' })
        if (!connection.ok) throw new Error(connection.reason)
      }
    }
    const count = async (path: string) => {
      statements.length = 0
      const response = await app.get(path, viewer.token)
      expect(response.status).toBe(200)
      return { statements: statements.length, body: (await response.json()) as { users: unknown } }
    }
    const ids = (n: number) =>
      others
        .slice(0, n)
        .map((other) => other.id)
        .join(',')

    open(5)
    await app.presence.settled()
    const fewHere = await count('/api/presence')
    const fewLookup = await count(`/api/presence/users?ids=${ids(5)}`)
    expect(fewHere.body.users).toHaveLength(5)

    app.events.close()
    open(50)
    await app.presence.settled()
    const manyHere = await count('/api/presence')
    const manyLookup = await count(`/api/presence/users?ids=${ids(50)}`)
    expect(manyHere.body.users).toHaveLength(50)
    expect(Object.keys(manyLookup.body.users as object)).toHaveLength(50)
    expect(manyHere.statements).toBe(fewHere.statements)
    expect(manyLookup.statements).toBe(fewLookup.statements)
  } finally {
    await app.close()
  }
})
