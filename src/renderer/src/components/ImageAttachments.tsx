import { useEffect, useRef, useState } from 'react'
import type { PostMediaItem } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { uploadPostImage } from '../api/media'
import { messageOf } from '../lib/notify'
import { Icon } from './Icon'

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

export interface Attachment {
  key: number
  name: string
  preview: string
  /** 0–1 while uploading. */
  progress: number
  media: PostMediaItem | null
  error: string | null
  alt: string
}

/** Why a file cannot be attached, or null when it can. */
export function refusalOf(file: { type: string; size: number }, count: number): string | null {
  if (count >= LIMITS.postImagesMax)
    return `A post can have at most ${LIMITS.postImagesMax} images.`
  if (!ACCEPTED.includes(file.type)) return 'Only PNG, JPEG, WebP and GIF images can be attached.'
  if (file.size > LIMITS.imageBytes) return 'The image is too large (at most 5 MB).'
  return null
}

let nextKey = 1

/** The images being attached to a new post: upload state per image, added from files. */
export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const itemsRef = useRef(items)
  itemsRef.current = items

  useEffect(
    () => () => {
      for (const item of itemsRef.current) URL.revokeObjectURL(item.preview)
    },
    [],
  )

  const patch = (key: number, change: Partial<Attachment>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const add = (files: Iterable<File>) => {
    let count = itemsRef.current.length
    setNotice(null)
    for (const file of files) {
      const refusal = refusalOf(file, count)
      if (refusal) {
        setNotice(refusal)
        continue
      }
      count += 1
      const key = nextKey++
      const item: Attachment = {
        key,
        name: file.name,
        preview: URL.createObjectURL(file),
        progress: 0,
        media: null,
        error: null,
        alt: '',
      }
      setItems((list) => [...list, item])
      uploadPostImage(file, (progress) => patch(key, { progress }))
        .then((media) => patch(key, { media, progress: 1 }))
        .catch((error: unknown) => patch(key, { error: messageOf(error) }))
    }
  }

  const remove = (key: number) =>
    setItems((list) => {
      const gone = list.find((item) => item.key === key)
      if (gone) URL.revokeObjectURL(gone.preview)
      return list.filter((item) => item.key !== key)
    })

  const setAlt = (key: number, alt: string) => patch(key, { alt })

  const uploading = items.some((item) => !item.media && !item.error)
  const ready = items.filter((item) => item.media)
  const refs = ready.map((item) => ({ id: item.media?.id ?? '', alt: item.alt.trim() }))
  return {
    items,
    notice,
    add,
    remove,
    setAlt,
    uploading,
    refs,
    hasFailed: items.some((i) => i.error),
  }
}

export type AttachmentsState = ReturnType<typeof useAttachments>

/** The images of a new post: previews, per-upload progress, alt text, remove. */
export function ImageAttachments({ state }: { state: AttachmentsState }) {
  if (state.items.length === 0 && !state.notice) return null
  return (
    <div className="attachments">
      {state.notice ? (
        <p className="field-error" role="alert">
          {state.notice}
        </p>
      ) : null}
      <ul className="attachment-list">
        {state.items.map((item, index) => (
          <li key={item.key} className="attachment">
            <img src={item.preview} alt="" className="attachment-preview" />
            <div className="attachment-body">
              {item.error ? (
                <p className="field-error" role="alert">
                  {item.name}: {item.error}
                </p>
              ) : item.media ? null : (
                <progress
                  value={item.progress}
                  max={1}
                  aria-label={`Uploading image ${index + 1}`}
                />
              )}
              <input
                className="attachment-alt"
                value={item.alt}
                maxLength={LIMITS.altMax}
                placeholder="Describe the image (alt text)"
                aria-label={`Alt text for image ${index + 1}`}
                onChange={(event) => state.setAlt(item.key, event.target.value)}
              />
            </div>
            <button
              type="button"
              className="icon-btn sm"
              aria-label={`Remove image ${index + 1}`}
              onClick={() => state.remove(item.key)}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The "add images" button with its hidden file input. */
export function AddImagesButton({ state }: { state: AttachmentsState }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const full = state.items.length >= LIMITS.postImagesMax
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label="Add images"
        title={full ? `At most ${LIMITS.postImagesMax} images` : 'Add images (or paste, or drop)'}
        disabled={full}
        onClick={() => inputRef.current?.click()}
      >
        <Icon name="image" size={20} />
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED.join(',')}
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Image files"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          state.add(files)
        }}
      />
    </>
  )
}
