/**
 * The caches' async storage (caches/scoped-storage.ts): on only while a run is under way, and
 * while it is, every run sees its own store across what it waits for, however runs overlap.
 */
import { setTimeout as wait } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { ScopedStorage } from '../../../src/server/caches/scoped-storage'

describe('scoped async storage', () => {
  it('gives each run its store across its awaits, while other runs start and end', async () => {
    const storage = new ScopedStorage<string>()
    const seen: string[] = []
    const work = (name: string, ms: number) => async () => {
      seen.push(`${name} ${storage.getStore()}`)
      await wait(ms)
      seen.push(`${name} ${storage.getStore()}`)
      await Promise.resolve()
      return storage.getStore()
    }
    // The short run ends (the last but one) while the long one still waits.
    const [long, short] = await Promise.all([
      storage.run('long', work('long', 30)),
      storage.run('short', work('short', 5)),
    ])
    expect([long, short]).toEqual(['long', 'short'])
    expect(seen).toEqual(['long long', 'short short', 'short short', 'long long'])
    expect(storage.getStore()).toBeUndefined()
  })

  it('is off once no run is under way, and on again for the next', async () => {
    const storage = new ScopedStorage<number>()
    expect(await storage.run(1, async () => storage.getStore())).toBe(1)
    expect(storage.getStore()).toBeUndefined()
    await wait(1)
    expect(storage.getStore()).toBeUndefined()
    expect(storage.run(2, () => storage.getStore())).toBe(2)
    expect(await storage.run(3, async () => (await wait(1), storage.getStore()))).toBe(3)
  })

  it('ends a run that throws or rejects, and passes its error on', async () => {
    const storage = new ScopedStorage<number>()
    expect(() =>
      storage.run(1, () => {
        throw new Error('at once')
      }),
    ).toThrow('at once')
    await expect(
      storage.run(2, async () => {
        await wait(1)
        throw new Error('later')
      }),
    ).rejects.toThrow('later')
    expect(storage.getStore()).toBeUndefined()
    // Still counted right: a run after both sees its store, and none is left after it.
    expect(await storage.run(4, async () => (await wait(1), storage.getStore()))).toBe(4)
    expect(storage.getStore()).toBeUndefined()
  })
})
