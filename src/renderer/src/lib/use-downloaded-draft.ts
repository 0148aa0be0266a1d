import { useEffect, useRef } from 'react'
import { draftDownloadCount, onDraftDownloaded } from './drafts'

/**
 * Calls `take(key)` whenever the draft `key` is taken from the server (state/draft-sync.ts), for
 * a composer that shows it unless something was typed there since it opened.
 *
 * Also once when it starts listening, if the draft it read on mount is no longer the one kept:
 * a download can land between the render that read the draft and the effect that listens (the
 * phone then opened on an empty message field, on CI's busy machine), and the key itself can
 * arrive only after mount (the signed-in user is read after the conversation).
 */
export function useDownloadedDraft(
  key: string | null | undefined,
  take: (key: string) => void,
): void {
  const takeRef = useRef(take)
  takeRef.current = take
  // What the composer's state was read from: the key on mount, as of its downloads then.
  const shown = useRef<{ key: string | null | undefined; downloads: number } | null>(null)
  shown.current ??= { key, downloads: key ? draftDownloadCount(key) : 0 }

  useEffect(() => {
    if (!key) return
    const stop = onDraftDownloaded((downloaded) => {
      if (downloaded === key) takeRef.current(key)
    })
    const read = shown.current
    const downloads = draftDownloadCount(key)
    if (read && (read.key !== key || read.downloads !== downloads)) takeRef.current(key)
    shown.current = { key, downloads }
    return stop
  }, [key])
}
