/**
 * The images and clips being attached to a new post (docs/API.md, "Images in posts", "Clips in
 * posts"): what may be attached and why not, each file's upload (an image made smaller first, a
 * clip with the poster the app drew), the host's clip limit, and the draft's uploads kept with
 * it (lib/drafts.ts), which a swept one shows as lost. ImageAttachments.tsx draws them.
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { PostMediaItem } from '../../../shared/api-types'
import { POST_RULE_MESSAGES } from '../../../shared/post-rules'
import { LIMITS } from '../../../shared/limits'
import { getMemberClipLimit, isMediaGone, uploadPostClip, uploadPostImage } from '../api/media'
import { mediaSrc } from '../lib/addresses'
import { capturePoster } from '../lib/clip-poster'
import { readDraftMedia, writeDraftMedia, type DraftMedia } from '../lib/drafts'
import { messageOf } from '../lib/notify'
import { shrinkImage } from '../lib/shrink-image'
import { SCREENS_COPY } from '../copy-screens'

export const ATTACHABLE_IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']
/** Clips: only when the server says it takes them (features `clips`). */
export const ATTACHABLE_CLIPS = ['video/mp4', 'video/webm']

export interface Attachment {
  key: number
  name: string
  /** An image's own picture, or a clip's poster; empty while a clip's poster is being drawn. */
  preview: string
  /** The preview is an object URL of ours, to revoke. */
  ownPreview: boolean
  kind: 'image' | 'clip'
  /** 0–1 while uploading. */
  progress: number
  media: PostMediaItem | null
  error: string | null
  /** What the app did to the file before sending it: "… was 20.4 MB, sent at 3840×2160, 3.9 MB". */
  note: string | null
  alt: string
  /** A draft's upload the server no longer has (swept after a week, or MEDIA_GONE): not sent. */
  lost: boolean
}

/** Why a file cannot be attached, or null when it can: said at once, and it takes no slot. */
export function refusalOf(
  file: { name: string; type: string; size: number },
  count: number,
  clips = false,
  /** The host's clip limit (GET /media/clip-limit), or null while unknown. */
  clipMaxBytes: number | null = null,
): string | null {
  const isImage = ATTACHABLE_IMAGES.includes(file.type)
  const isClip = clips && ATTACHABLE_CLIPS.includes(file.type)
  if (!isImage && !isClip) {
    return clips
      ? SCREENS_COPY.attachments.notAttachable(file.name)
      : SCREENS_COPY.attachments.notAnImage(file.name)
  }
  if (count >= LIMITS.postImagesMax) {
    return clips ? POST_RULE_MESSAGES.tooManyAttachments : POST_RULE_MESSAGES.tooManyImages
  }
  if (isClip && clipMaxBytes !== null && file.size > clipMaxBytes) {
    return SCREENS_COPY.attachments.clipTooLarge(file.name, megabytes(clipMaxBytes))
  }
  // A GIF is sent as it is (shrinking would stop it); other images are made smaller.
  if (file.type === 'image/gif' && file.size > LIMITS.imageBytes) {
    return SCREENS_COPY.attachments.gifTooLarge(file.name)
  }
  return null
}

/** "50 MB": the limit as the server's message says it (services/media/post-clips.ts, megabytes). */
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

let nextKey = 1

/**
 * The images and clips being attached to a new post: upload state per file, added from files.
 * With `draftKey`, those uploaded are kept with the draft (lib/drafts.ts) and come back with it.
 */
export function useAttachments(options: { draftKey?: string; clips?: boolean } = {}) {
  const { draftKey, clips = false } = options
  const [items, setItems] = useState<Attachment[]>(() =>
    draftKey
      ? readDraftMedia(draftKey).map((saved) => ({
          key: nextKey++,
          name: saved.name,
          preview: mediaSrc(saved.media.thumbUrl),
          ownPreview: false,
          kind: saved.media.kind === 'clip' ? 'clip' : 'image',
          progress: 1,
          media: saved.media,
          error: null,
          note: null,
          alt: saved.alt,
          lost: saved.lost === true,
        }))
      : [],
  )
  const [notice, setNotice] = useState<string | null>(null)
  const itemsRef = useRef(items)
  itemsRef.current = items
  // The host's clip limit, read once the composer can take clips; unknown, the server decides.
  // A clip picked before the answer waits for it, so an oversized one is refused here, by name.
  // The composer says it before any pick (MediaLimitsHint), so it is kept as state too.
  const clipMaxBytes = useRef<number | null>(null)
  const [clipLimit, setClipLimit] = useState<number | null>(null)
  const clipLimitRead = useRef<Promise<void> | null>(null)
  useEffect(() => {
    if (!clips) return
    let current = true
    const read: Promise<void> = getMemberClipLimit()
      .then(
        ({ maxBytes }) => {
          if (current && Number.isFinite(maxBytes) && maxBytes > 0) {
            clipMaxBytes.current = maxBytes
            setClipLimit(maxBytes)
          }
        },
        () => undefined,
      )
      .finally(() => {
        // Known (or failed): later picks are decided at once.
        if (clipLimitRead.current === read) clipLimitRead.current = null
      })
    clipLimitRead.current = read
    return () => {
      current = false
      clipLimitRead.current = null
    }
  }, [clips])

  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.ownPreview) URL.revokeObjectURL(item.preview)
    },
    [],
  )

  // A draft opened again may name uploads the server swept (a week on, or from a device that was
  // away): each is asked for once, and one that is gone shows as lost instead of a broken picture.
  const fromDraft = useRef(items)
  useEffect(() => {
    let current = true
    for (const item of fromDraft.current) {
      if (!item.media || item.lost) continue
      void isMediaGone(mediaSrc(item.media.thumbUrl)).then((gone) => {
        if (!current || !gone) return
        setItems((list) => list.map((one) => (one.key === item.key ? { ...one, lost: true } : one)))
      })
    }
    return () => {
      current = false
    }
  }, [])

  // The draft keeps what is uploaded, with its alt text (and what is lost, to show it so again).
  const saved = items
    .filter((item) => item.media)
    .map((item) => ({
      name: item.name,
      alt: item.alt,
      media: item.media as PostMediaItem,
      ...(item.lost ? { lost: true } : {}),
    }))
  const savedJson = JSON.stringify(saved)
  const firstSave = useRef(true)
  useEffect(() => {
    if (!draftKey) return
    // Mounting writes nothing: the draft is what was read.
    if (firstSave.current) {
      firstSave.current = false
      return
    }
    writeDraftMedia(draftKey, JSON.parse(savedJson) as DraftMedia[])
  }, [draftKey, savedJson])

  const patch = (key: number, change: Partial<Attachment>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const send = async (key: number, file: File) => {
    try {
      if (ATTACHABLE_CLIPS.includes(file.type)) {
        const poster = await capturePoster(file)
        if (poster) patch(key, { preview: URL.createObjectURL(poster), ownPreview: true })
        const media = await uploadPostClip(file, poster, (progress) => patch(key, { progress }))
        // No frame drawn here (the browser could not play the file, or gave up on a busy
        // machine): the server's poster, once it has one, rather than the bare play mark.
        patch(key, { media, progress: 1, ...(poster ? {} : { preview: mediaSrc(media.thumbUrl) }) })
        return
      }
      // Over 5 MB, or sides past the server's 8192 px whatever its bytes: made smaller first.
      const shrunk = await shrinkImage(file, () =>
        patch(key, { note: SCREENS_COPY.attachments.shrinking }),
      )
      const sent = shrunk.file
      patch(key, { note: shrunk.note })
      const media = await uploadPostImage(sent, (progress) => patch(key, { progress }))
      patch(key, { media, progress: 1 })
    } catch (error: unknown) {
      patch(key, { error: messageOf(error) })
    }
  }

  const addNow = (files: readonly File[]) => {
    let count = itemsRef.current.length
    const refusals: string[] = []
    for (const file of files) {
      const refusal = refusalOf(file, count, clips, clipMaxBytes.current)
      if (refusal) {
        refusals.push(refusal)
        continue
      }
      count += 1
      const key = nextKey++
      const isClip = ATTACHABLE_CLIPS.includes(file.type)
      const item: Attachment = {
        key,
        name: file.name,
        preview: isClip ? '' : URL.createObjectURL(file),
        ownPreview: !isClip,
        kind: isClip ? 'clip' : 'image',
        progress: 0,
        media: null,
        error: null,
        note: null,
        alt: '',
        lost: false,
      }
      setItems((list) => [...list, item])
      void send(key, file)
    }
    setNotice(refusals.length > 0 ? refusals.join(' ') : null)
  }

  // Picks wait in turn behind one waiting for the clip limit, so attachments keep their order.
  const waiting = useRef<Promise<void> | null>(null)
  const add = (files: Iterable<File>) => {
    const picked = [...files]
    const limitRead = clipLimitRead.current
    const needsLimit = picked.some((file) => ATTACHABLE_CLIPS.includes(file.type))
    if (!waiting.current && (!needsLimit || !limitRead)) {
      addNow(picked)
      return
    }
    const turn = (waiting.current ?? Promise.resolve())
      .then(() => (needsLimit ? limitRead : undefined))
      .then(() => addNow(picked))
    waiting.current = turn
    void turn.finally(() => {
      if (waiting.current === turn) waiting.current = null
    })
  }

  const remove = (key: number) =>
    setItems((list) => {
      const gone = list.find((item) => item.key === key)
      if (gone?.ownPreview) URL.revokeObjectURL(gone.preview)
      return list.filter((item) => item.key !== key)
    })

  const setAlt = (key: number, alt: string) => patch(key, { alt })

  /** Empties the list (a message sent with them), freeing the previews drawn here. */
  const clear = () =>
    setItems((list) => {
      for (const item of list) if (item.ownPreview) URL.revokeObjectURL(item.preview)
      return []
    })

  /** The server refused these ids (MEDIA_GONE): their items show as lost. Answers their names. */
  const markLost = (ids: readonly string[]): string[] => {
    const gone = new Set(ids)
    const isGone = (item: Attachment) => item.media !== null && gone.has(item.media.id)
    setItems((list) => list.map((item) => (isGone(item) ? { ...item, lost: true } : item)))
    return itemsRef.current.filter(isGone).map((item) => item.name)
  }

  const hintId = useId()
  const uploading = items.some((item) => !item.media && !item.error)
  const ready = items.filter((item) => item.media && !item.lost)
  const refs = ready.map((item) => ({ id: item.media?.id ?? '', alt: item.alt.trim() }))
  return {
    items,
    notice,
    clips,
    /** The host's clip size in words ("50 MB"), once read; null until then or without clips. */
    clipLimitText: clipLimit === null ? null : megabytes(clipLimit),
    /** The id of the limits line, which describes the attach button. */
    hintId,
    add,
    remove,
    setAlt,
    clear,
    markLost,
    lostNames: items.filter((item) => item.lost).map((item) => item.name),
    uploading,
    refs,
    hasFailed: items.some((i) => i.error),
  }
}

export type AttachmentsState = ReturnType<typeof useAttachments>
