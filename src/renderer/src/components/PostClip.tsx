/**
 * Clips and moving GIFs in the feed (docs/API.md "Clips in posts").
 *
 * A clip plays in place with the browser's own controls (keyboard included), muted until the
 * viewer turns the sound on, and never starts by itself; only its poster is loaded until then.
 * A GIF moves in the feed as in the viewer, unless the viewer asked for reduced motion: then it
 * shows its first frame, with a button to play it.
 */
import { useEffect, useState } from 'react'
import type { PostMediaItem } from '../../../shared/api-types'
import { COPY } from '../copy'
import { Icon } from './Icon'
import { mediaSrc } from '../lib/addresses'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/** Whether the viewer asked for less motion, kept current. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION).matches,
  )
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const query = matchMedia(REDUCED_MOTION)
    const onChange = () => setReduced(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return reduced
}

export function PostClip({
  item,
  index,
  count,
}: {
  item: PostMediaItem
  index: number
  count: number
}) {
  return (
    <video
      className="post-clip"
      src={mediaSrc(item.url)}
      poster={mediaSrc(item.thumbUrl)}
      width={item.width}
      height={item.height}
      controls
      muted
      playsInline
      preload="none"
      aria-label={COPY.clips.label(index + 1, count, item.alt)}
    />
  )
}

/** An image's thumbnail, or a GIF that moves; either opens the lightbox. */
export function PostPicture({
  item,
  label,
  onOpen,
}: {
  item: PostMediaItem
  label: string
  onOpen: () => void
}) {
  const reduced = usePrefersReducedMotion()
  const [playing, setPlaying] = useState(false)
  const gif = item.kind === 'gif'
  const moving = gif && (!reduced || playing)
  return (
    <div className="post-media-picture">
      <button type="button" className="post-media-thumb" aria-label={label} onClick={onOpen}>
        <img
          src={mediaSrc(moving ? item.url : item.thumbUrl)}
          alt={item.alt}
          width={item.width}
          height={item.height}
          loading="lazy"
          decoding="async"
        />
      </button>
      {gif && reduced ? (
        <button
          type="button"
          className="gif-toggle"
          aria-pressed={playing}
          onClick={() => setPlaying((value) => !value)}
        >
          <Icon name={playing ? 'pause' : 'play'} size={14} />
          {playing ? COPY.clips.stopGif : COPY.clips.playGif}
        </button>
      ) : gif ? (
        <span className="gif-badge" aria-hidden="true">
          GIF
        </span>
      ) : null}
    </div>
  )
}
