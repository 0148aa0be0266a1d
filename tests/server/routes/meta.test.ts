import { SERVER_FEATURES } from '../../../src/shared/features'
import { describe, expect, it } from '../../helpers/fixtures'

describe('meta routes', () => {
  it('names the demo account on a demo server', async ({ app }) => {
    const response = await app.get('/api/meta')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      name: 'Gamerstage',
      version: '0.0.0-test',
      demoAccount: { username: 'player1', password: 'gamerstage' },
      features: [...SERVER_FEATURES],
    })
    // Reposts and emoji reactions are among them.
    expect(SERVER_FEATURES).toEqual(expect.arrayContaining(['reposts', 'reactions']))
  })

  it('names no demo account on a server started without demo data', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const body = (await (await app.get('/api/meta')).json()) as { demoAccount: unknown }
    expect(body.demoAccount).toBeNull()
  })

  it('answers health probes', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const response = await app.get('/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('answers an unknown API route with a 404 in the error shape', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const response = await app.get('/api/no-such-thing')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      errors: ['No such API route.'],
      code: 'ROUTE_NOT_FOUND',
    })
  })
})
