/**
 * The New Post composer's media: it says what it takes, the
 * host's clip limit included, before anything is picked; and a draft whose uploads the server no
 * longer has (swept after a week, docs/API.md "Images in posts") shows them as lost, refuses to
 * post naming them, keeps the text and the rest, and posts once they are removed.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ServerFeature } from '../../src/shared/features'
import { NewPostEditor } from '../../src/renderer/src/components/NewPostEditor'
import {
  draftKey,
  readDraftMedia,
  readDraftPoll,
  removeLocalDraft,
  writeDraft,
  writeDraftMedia,
  writeDraftPoll,
} from '../../src/renderer/src/lib/drafts'
import { createPostAtom, type MediaGoneRefusal } from '../../src/renderer/src/state/posts'
import { serverFeaturesAtom } from '../../src/renderer/src/state/server-features'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { SCREENS_COPY } from '../../src/renderer/src/copy-screens'

const MEGABYTE = 1024 * 1024
const HINT_80 =
  'Images up to 5 MB are sent as they are; larger ones are shrunk. Clips: MP4 or WebM, up to 60 s and 80 MB.'

function renderEditor(
  features: ServerFeature[],
  onSubmit: (
    text: string,
    media: { id: string; alt: string }[],
  ) => Promise<string | MediaGoneRefusal | null> = () => Promise.resolve(null),
  key?: string,
) {
  const store = createStore()
  store.set(serverFeaturesAtom, new Set(features))
  const wrap = (ui: ReactNode) => <Provider store={store}>{ui}</Provider>
  return render(
    wrap(<NewPostEditor draftKey={key} onDirtyChange={() => undefined} onSubmit={onSubmit} />),
  )
}

/** The server's answers: the clip limit, and a HEAD per draft thumbnail (404 for those gone). */
function answer(fetchMock: ReturnType<typeof fakeFriendServer>, gone: string[] = []) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input)
    if (url.endsWith('/api/media/clip-limit')) {
      return Promise.resolve(
        jsonResponse(200, {
          maxBytes: 80 * MEGABYTE,
          minBytes: MEGABYTE,
          limitBytes: 500 * MEGABYTE,
        }),
      )
    }
    if (init?.method === 'HEAD') {
      const lost = gone.some((id) => url.endsWith(`/api/media/${id}t`))
      return Promise.resolve(new Response(null, { status: lost ? 404 : 200 }))
    }
    return Promise.reject(new Error(`not expected: ${url}`))
  })
}

describe('the composer says what it takes', () => {
  const fetchMock = fakeFriendServer()
  afterEach(cleanup)

  it('names the host’s clip limit under the composer and on the attach button, before a pick', async () => {
    answer(fetchMock)
    renderEditor(['clips'])
    const hint = await screen.findByText(HINT_80)
    const button = screen.getByRole('button', { name: 'Add images or clips' })
    expect(button.getAttribute('aria-describedby')).toBe(hint.id)
    expect(button.getAttribute('title')).toBe(
      'Add images or clips (or paste, or drop). Clips up to 60 s and 80 MB',
    )
  })

  it('says nothing of clips to a server that does not take them', () => {
    answer(fetchMock)
    renderEditor([])
    expect(screen.getByRole('button', { name: 'Add images' })).toBeTruthy()
    expect(screen.queryByText(/Clips: MP4 or WebM/)).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

const saved = (id: string, name: string, alt: string) => ({
  name,
  alt,
  media: {
    id,
    url: `/api/media/${id}`,
    thumbUrl: `/api/media/${id}t`,
    width: 64,
    height: 48,
    alt: '',
    kind: 'image' as const,
  },
})

const BOSS = 'bbbbbbbbbbbbbbbb'
const LOOT = 'llllllllllllllll'

describe('a draft whose uploads are gone', () => {
  const fetchMock = fakeFriendServer()
  const key = draftKey('7', 'newPost', 'http://friend:4567')
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  function keepDraft() {
    writeDraft(key, 'boss down')
    writeDraftMedia(key, [
      saved(BOSS, 'boss.png', 'The boss on its knees'),
      saved(LOOT, 'loot.png', 'The loot'),
    ])
  }

  it('shows a swept upload as lost, refuses to post naming it, and posts the rest once it is removed', async () => {
    keepDraft()
    answer(fetchMock, [BOSS])
    const onSubmit = vi.fn(() => Promise.resolve(null))
    renderEditor(['clips'], onSubmit, key)

    await screen.findByText(SCREENS_COPY.attachments.lost)
    const [boss, loot] = screen.getAllByRole('listitem')
    // The lost one has no picture to break and no alt text to fill; the other is as it was.
    expect(boss?.querySelector('img')).toBeNull()
    expect(boss?.textContent).toContain('boss.png')
    expect(loot?.querySelector('img')?.getAttribute('src')).toBe(
      `http://friend:4567/api/media/${LOOT}t`,
    )
    expect(screen.getAllByRole('textbox', { name: /^Alt text/ })).toHaveLength(1)
    // Reopened, it is still lost: the draft keeps that it is.
    expect(readDraftMedia(key).map((item) => item.lost === true)).toEqual([true, false])

    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'boss.png is no longer on this server: remove it to post, or attach the file again.',
    )
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByRole('textbox', { name: 'Post text' })).toHaveProperty('value', 'boss down')

    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }))
    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(onSubmit).toHaveBeenCalledWith('boss down', [{ id: LOOT, alt: 'The loot' }])
  })

  it('marks what the server refused as gone (MEDIA_GONE) and names it, keeping the text', async () => {
    keepDraft()
    answer(fetchMock)
    const onSubmit = vi
      .fn<
        (text: string, media: { id: string; alt: string }[]) => Promise<MediaGoneRefusal | null>
      >()
      .mockResolvedValueOnce({ message: 'from the server', missingMedia: [BOSS, LOOT] })
      .mockResolvedValueOnce(null)
    renderEditor(['clips'], onSubmit, key)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3))
    expect(screen.queryByText(SCREENS_COPY.attachments.lost)).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(onSubmit).toHaveBeenLastCalledWith('boss down', [
      { id: BOSS, alt: 'The boss on its knees' },
      { id: LOOT, alt: 'The loot' },
    ])
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'boss.png and loot.png are no longer on this server: remove them to post, or attach the files again.',
    )
    expect(screen.getAllByText(SCREENS_COPY.attachments.lost)).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: 'Post text' })).toHaveProperty('value', 'boss down')

    await userEvent.click(screen.getByRole('button', { name: 'Remove image 2' }))
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }))
    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(onSubmit).toHaveBeenLastCalledWith('boss down', [])
  })
})

describe('createPostAtom and MEDIA_GONE', () => {
  const fetchMock = fakeFriendServer()

  it('answers the ids the server named instead of a sentence', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, { errors: ['gone'], code: 'MEDIA_GONE', missingMedia: [BOSS] }),
    )
    const store = createStore()
    let outcome: string | MediaGoneRefusal | null = null
    await act(async () => {
      outcome = await store.set(createPostAtom, 'boss down', [{ id: BOSS, alt: '' }])
    })
    expect(outcome).toEqual({ message: 'gone', missingMedia: [BOSS] })
  })
})

describe("a draft's poll written on another device", () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })
  const pollOptions = (container: HTMLElement) =>
    [...container.querySelectorAll<HTMLInputElement>('[data-poll-option]')].map(
      (input) => input.value,
    )

  it('goes from a composer open on it when the draft is posted elsewhere, unless changed here', async () => {
    const untouched = draftKey('7', 'newPost')
    const changed = draftKey('8', 'newPost')
    for (const key of [untouched, changed]) {
      writeDraftPoll(key, { options: ['Kart', 'Smash'], durationMinutes: 1440 })
    }
    const shown = renderEditor(['polls'], undefined, untouched)
    expect(pollOptions(shown.container)).toEqual(['Kart', 'Smash'])
    act(() => removeLocalDraft(untouched))
    expect(pollOptions(shown.container), 'posted from the phone').toEqual([])
    expect(readDraftPoll(untouched)).toBeNull()
    shown.unmount()

    const typedIn = renderEditor(['polls'], undefined, changed)
    const [first] = typedIn.container.querySelectorAll<HTMLInputElement>('[data-poll-option]')
    if (!first) throw new Error('No poll option shown.')
    await userEvent.type(first, '!')
    act(() => removeLocalDraft(changed))
    expect(pollOptions(typedIn.container), 'changed here: kept').toEqual(['Kart!', 'Smash'])
  })
})
