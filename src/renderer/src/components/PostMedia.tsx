import { useEffect, useRef, useState } from 'react'
import type { PostMediaItem } from '../../../shared/api-types'
import { mediaSrc } from '../lib/addresses'
import { Icon } from './Icon'
import { PostClip, PostPicture } from './PostClip'

/**
 * A post's images and clips as a grid: an image's thumbnail opens the lightbox; a GIF moves in
 * the feed (still for prefers-reduced-motion, with a button to play it); a clip plays in place
 * (PostClip: muted, controls, never on its own).
 */
export function PostMedia({ media }: { media: PostMediaItem[] }) {
  const [open, setOpen] = useState<number | null>(null)
  // The lightbox shows the pictures: clips play where they are.
  const pictures = media.filter((item) => item.kind !== 'clip')
  const clipCount = media.length - pictures.length
  return (
    <>
      <ul
        className={`post-media count-${Math.min(media.length, 4)}`}
        aria-label={
          clipCount === 0 ? 'Images' : pictures.length === 0 ? 'Clips' : 'Images and clips'
        }
      >
        {media.map((item, index) =>
          item.kind === 'clip' ? (
            <li key={item.id} className="post-media-clip">
              <PostClip item={item} index={index} count={media.length} />
            </li>
          ) : (
            <li key={item.id}>
              <PostPicture
                item={item}
                label={`Open image ${index + 1} of ${media.length}${item.alt ? `: ${item.alt}` : ''}`}
                onOpen={() => setOpen(pictures.indexOf(item))}
              />
            </li>
          ),
        )}
      </ul>
      {open !== null ? (
        <Lightbox media={pictures} start={open} onClose={() => setOpen(null)} />
      ) : null}
    </>
  )
}

/** The full images, one at a time: arrows move, Escape closes, focus comes back after. */
function Lightbox({
  media,
  start,
  onClose,
}: {
  media: PostMediaItem[]
  start: number
  onClose: () => void
}) {
  const [index, setIndex] = useState(start)
  const closeRef = useRef<HTMLButtonElement>(null)
  const [opener] = useState(() => document.activeElement as HTMLElement | null)
  const item = media[index]
  const count = media.length

  useEffect(() => {
    closeRef.current?.focus()
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onClose()
      } else if (event.key === 'ArrowRight') {
        setIndex((i) => (i + 1) % count)
      } else if (event.key === 'ArrowLeft') {
        setIndex((i) => (i - 1 + count) % count)
      } else if (event.key === 'Tab') {
        // Keep focus inside: the lightbox covers the page.
        const buttons = document.querySelectorAll<HTMLElement>('.lightbox button')
        const first = buttons[0]
        const last = buttons[buttons.length - 1]
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last?.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first?.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey, true)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.body.style.overflow = previousOverflow
      if (opener?.isConnected) opener.focus()
    }
  }, [count, onClose, opener])

  if (!item) return null
  return (
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={`Image ${index + 1} of ${count}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <img className="lightbox-image" src={mediaSrc(item.url)} alt={item.alt} />
      {item.alt ? <p className="lightbox-caption">{item.alt}</p> : null}
      <div className="lightbox-controls">
        {count > 1 ? (
          <button
            type="button"
            className="icon-btn"
            aria-label="Previous image"
            onClick={() => setIndex((index - 1 + count) % count)}
          >
            <Icon name="back" />
          </button>
        ) : null}
        <span className="lightbox-count" aria-hidden="true">
          {index + 1} / {count}
        </span>
        {count > 1 ? (
          <button
            type="button"
            className="icon-btn flip"
            aria-label="Next image"
            onClick={() => setIndex((index + 1) % count)}
          >
            <Icon name="back" />
          </button>
        ) : null}
        <button
          ref={closeRef}
          type="button"
          className="icon-btn"
          aria-label="Close image"
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
    </div>
  )
}
