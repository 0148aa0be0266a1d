/**
 * Drafts follow their user to every device (docs/API.md, "Drafts"). This device's drafts live in
 * localStorage (lib/drafts.ts), where every composer reads and writes them at once; this keeps the
 * server's copy beside them:
 *
 * - Up: a second or so after a draft stops changing, it is saved on the server with the time it
 *   was written; a cleared draft (sent, or thrown away) empties the server's slot.
 * - Down: when the app starts and when its window comes back into focus, drafts written since on
 *   another device replace this one's, so the phone opens what the PC left. A draft this device
 *   had agreed with the server on, and that the server no longer has, was sent or thrown away
 *   elsewhere: it goes here too. One the server never had goes up.
 *
 * Failures are quiet: the text stays here, and the next change or focus tries again.
 */
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import * as api from '../api/drafts'
import {
  draftKey,
  draftSyncedAt,
  draftUpdatedAt,
  localDraftKeys,
  markDraftSynced,
  onDraftChange,
  readDraftBody,
  removeLocalDraft,
  slotOfKey,
  storeDownloadedDraft,
} from '../lib/drafts'
import { userAtom } from './auth'
import { useServerFeature } from './server-features'

/** How long a draft rests before it is saved on the server: typing is not a save per key. */
export const DRAFT_UPLOAD_DELAY_MS = 1200
/** Coming back to the window checks the server at most this often. */
const PULL_EVERY_MS = 15_000

const hasContent = (key: string) => {
  const body = readDraftBody(key)
  return body.text.trim() !== '' || body.media.length > 0 || body.poll !== null
}

/** Saves one draft as this device has it now (an empty one empties the server's slot). */
export async function uploadDraft(key: string): Promise<void> {
  const slot = slotOfKey(key)
  const at = draftUpdatedAt(key)
  try {
    if (!hasContent(key)) {
      await api.deleteDraft(slot)
      markDraftSynced(key, at)
      return
    }
    const { draft } = await api.saveDraft(slot, readDraftBody(key), at)
    // Another device wrote it later: theirs is the draft now.
    if (draft && draft.updatedAt > at) storeDownloadedDraft(key, draft.body, draft.updatedAt)
    else markDraftSynced(key, at)
  } catch {
    // Offline or refused: kept here, sent with the next change.
  }
}

/** Takes what changed on other devices since, and sends what the server never had. */
export async function pullDrafts(userId: string): Promise<void> {
  let listed: { slot: string; updatedAt: number }[]
  try {
    listed = (await api.listDrafts()).drafts
  } catch {
    return
  }
  const onServer = new Map(listed.map((draft) => [draft.slot, draft.updatedAt]))
  for (const [slot, updatedAt] of onServer) {
    const key = draftKey(userId, slot)
    if (updatedAt <= draftUpdatedAt(key)) continue
    try {
      const { draft } = await api.getDraft(slot)
      if (draft && draft.updatedAt > draftUpdatedAt(key)) {
        storeDownloadedDraft(key, draft.body, draft.updatedAt)
      }
    } catch {
      // The next pull tries again.
    }
  }
  for (const key of localDraftKeys(userId)) {
    if (onServer.has(slotOfKey(key))) continue
    const synced = draftSyncedAt(key)
    if (synced !== null && draftUpdatedAt(key) <= synced) removeLocalDraft(key)
    else if (hasContent(key)) await uploadDraft(key)
  }
}

/** Keeps the signed-in user's drafts on the server in step (AppLayout), where it keeps drafts. */
export function useDraftSync(): void {
  const supported = useServerFeature('drafts')
  const userId = useAtomValue(userAtom)?._id
  useEffect(() => {
    if (!supported || !userId) return
    const prefix = draftKey(userId, '')
    const waiting = new Map<string, ReturnType<typeof setTimeout>>()
    const stop = onDraftChange((key) => {
      if (!key.startsWith(prefix)) return
      clearTimeout(waiting.get(key))
      waiting.set(
        key,
        setTimeout(() => {
          waiting.delete(key)
          void uploadDraft(key)
        }, DRAFT_UPLOAD_DELAY_MS),
      )
    })
    let pulledAt = 0
    const pull = () => {
      if (Date.now() - pulledAt < PULL_EVERY_MS) return
      pulledAt = Date.now()
      void pullDrafts(userId)
    }
    pull()
    window.addEventListener('focus', pull)
    return () => {
      stop()
      window.removeEventListener('focus', pull)
      // Leaving (signing out, another server): what was waiting goes now rather than never.
      for (const [key, timer] of waiting) {
        clearTimeout(timer)
        void uploadDraft(key)
      }
    }
  }, [supported, userId])
}
