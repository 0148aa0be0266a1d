/**
 * GIFs move in the feed, still for prefers-reduced-motion with a way to play; clips play in
 * place, muted, with controls, never by themselves (PostClip.tsx).
 */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostMediaItem } from '../../src/shared/api-types'
import { PostMedia } from '../../src/renderer/src/components/PostMedia'

const gif: PostMediaItem = {
  id: 'gggggggggggggggg',
  url: '/api/media/gggggggggggggggg',
  thumbUrl: '/api/media/tttttttttttttttt',
  width: 320,
  height: 180,
  alt: 'A dance',
  kind: 'gif',
}
const clip: PostMediaItem = {
  id: 'cccccccccccccccc',
  url: '/api/media/cccccccccccccccc',
  thumbUrl: '/api/media/pppppppppppppppp',
  width: 640,
  height: 360,
  alt: 'The ace',
  kind: 'clip',
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

describe('GIFs and clips in a post', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows a GIF moving in the feed', () => {
    reducedMotion(false)
    render(<PostMedia media={[gif]} />)
    expect(screen.getByRole('img', { name: 'A dance' }).getAttribute('src')).toContain(gif.url)
    expect(screen.queryByRole('button', { name: 'Play GIF' })).toBeNull()
  })

  it('keeps a GIF still for reduced motion, with a button that plays and stops it', async () => {
    reducedMotion(true)
    render(<PostMedia media={[gif]} />)
    const image = screen.getByRole('img', { name: 'A dance' })
    expect(image.getAttribute('src')).toContain(gif.thumbUrl)
    await userEvent.click(screen.getByRole('button', { name: 'Play GIF' }))
    expect(image.getAttribute('src')).toContain(gif.url)
    expect(screen.getByRole('button', { name: 'Stop GIF' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
  })

  it('plays a clip in place: labelled, muted, with controls, never by itself', () => {
    reducedMotion(false)
    const { container } = render(<PostMedia media={[clip, gif]} />)
    const video = container.querySelector('video')
    if (!video) throw new Error('no video')
    expect(video.getAttribute('aria-label')).toBe('Clip 1 of 2: The ace')
    expect(video.muted).toBe(true)
    expect(video.controls).toBe(true)
    expect(video.autoplay).toBe(false)
    expect(video.getAttribute('preload')).toBe('none')
    expect(video.getAttribute('poster')).toContain(clip.thumbUrl)
    // The picture beside it is image 2 of 2 and opens the viewer.
    expect(screen.getByRole('button', { name: 'Open image 2 of 2: A dance' })).toBeTruthy()
  })
})
