/**
 * The server's custom emoji as the app knows them (docs/API.md, "Custom emoji"): the list,
 * fetched with the first text, picker or panel that needs it (never in the first load), then
 * fetched again when the `custom-emoji` live event names another version and on every
 * (re)connection of the stream (a server switched, an event missed). The host's panel adds and
 * deletes through here.
 */
import { atom, useAtomValue, useStore } from 'jotai'
import type { createStore } from 'jotai'
import { useEffect } from 'react'
import type { CustomEmoji } from '../../../shared/api-types'
import * as api from '../api/custom-emoji'
import { applyLiveEvents } from '../live/bus'

type Store = ReturnType<typeof createStore>

export interface CustomEmojiSet {
  version: string
  /** By shortcode, as the server lists them. */
  list: readonly CustomEmoji[]
  byShortcode: ReadonlyMap<string, CustomEmoji>
}

/** Null until the first answer (or its failure: then an empty set, asked again on `ready`). */
export const customEmojiAtom = atom<CustomEmojiSet | null>(null)

/** Bumped by every load: an answer to an older request is dropped. */
const loadCountAtom = atom(0)

const setOf = (version: string, list: readonly CustomEmoji[]): CustomEmojiSet => ({
  version,
  list,
  byShortcode: new Map(list.map((one) => [one.shortcode, one])),
})

export const loadCustomEmojiAtom = atom(null, async (get, set) => {
  const load = get(loadCountAtom) + 1
  set(loadCountAtom, load)
  try {
    const { emoji, version } = await api.listCustomEmoji()
    if (get(loadCountAtom) !== load) return
    if (get(customEmojiAtom)?.version !== version) set(customEmojiAtom, setOf(version, emoji))
  } catch {
    // An older server (no such call) or offline: no custom emoji; `ready` asks again.
    if (get(loadCountAtom) === load && get(customEmojiAtom) === null) {
      set(customEmojiAtom, setOf('', []))
    }
  }
})

/** The live event: the list changed somewhere; read it unless this is its version already. */
const liveCustomEmojiAtom = atom(null, async (get, set, { version }: { version: string }) => {
  if (get(customEmojiAtom)?.version !== version) await set(loadCustomEmojiAtom)
})

/** The store whose set is followed: the app has one; a test's new store takes over. */
let followed: { store: Store; stop: () => void } | null = null

/** The set of the store's server, loaded and followed from the first component that asks. */
export function useCustomEmoji(): CustomEmojiSet | null {
  const store = useStore()
  useEffect(() => {
    if (followed?.store === store) return
    followed?.stop()
    followed = {
      store,
      stop: applyLiveEvents(store, {
        ready: loadCustomEmojiAtom,
        'custom-emoji': liveCustomEmojiAtom,
      }),
    }
    void store.set(loadCustomEmojiAtom)
  }, [store])
  return useAtomValue(customEmojiAtom)
}

/** The host's panel: adds and deletes, then reads the list again. A refusal is thrown. */
export const addCustomEmojiAtom = atom(
  null,
  async (_get, set, { shortcode, file }: { shortcode: string; file: File }) => {
    const emoji = await api.addCustomEmoji(shortcode, file)
    await set(loadCustomEmojiAtom)
    return emoji
  },
)

export const removeCustomEmojiAtom = atom(null, async (_get, set, shortcode: string) => {
  await api.removeCustomEmoji(shortcode)
  await set(loadCustomEmojiAtom)
})
