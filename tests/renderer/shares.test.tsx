/**
 * Reposts in the app: the live repost and emoji reaction events in the store (state/shares.ts),
 * the reaction picker's keyboard use and accessible names, the quote embed's states, and both
 * features hidden on a server that does not name them.
 */
import './state-mocks'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Post } from '../../src/shared/api-types'
import * as sharesApi from '../../src/renderer/src/api/shares'
import { QuoteEmbed } from '../../src/renderer/src/components/shares/QuoteEmbed'
import {
  ReactionAddButton,
  ReactionBar,
} from '../../src/renderer/src/components/shares/ReactionBar'
import { ShareButtons } from '../../src/renderer/src/components/shares/ShareButtons'
import { actionText, groupNotifications } from '../../src/renderer/src/lib/notification-groups'
import { relationsAtom } from '../../src/renderer/src/state/relations'
import { mergePost, newPostIdsAtom, postsByIdAtom } from '../../src/renderer/src/state/posts'
import { serverFeaturesAtom } from '../../src/renderer/src/state/server-features'
import { feedReasonsAtom } from '../../src/renderer/src/state/feed-reasons'
import { liveEmojiReactionAtom, liveRepostAtom } from '../../src/renderer/src/state/shares'
import { ME, NOVA, RIVAL, loadList, post, signedInStore, type Store } from './state-fixtures'

vi.mock('../../src/renderer/src/api/shares')

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const shared = (id: string, extra: Partial<Post> = {}) =>
  post(id, RIVAL, {
    repostCount: 0,
    quoteCount: 0,
    reposted: false,
    quoteOf: null,
    reactions: { counts: [], mine: [] },
    ...extra,
  })

function renderWith(store: Store, ui: React.ReactNode) {
  return render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  )
}

describe('live reposts in the store', () => {
  it("brings a followed user's repost into the home feed behind the pill, with who reposted it", () => {
    const store = signedInStore([NOVA])
    loadList(store, 'feed', [post('1', NOVA)])
    const rivals = shared('9', { repostCount: 1 })
    store.set(liveRepostAtom, {
      postId: '9',
      repostCount: 1,
      quoteCount: 0,
      user: { _id: NOVA._id, username: NOVA.username },
      action: 'repost',
      post: rivals,
    })
    expect(store.get(newPostIdsAtom).feed).toEqual(['9'])
    expect(store.get(feedReasonsAtom)['9']?.user.username).toBe('nova')
  })

  it("moves only the counts for a stranger's repost", () => {
    const store = signedInStore([NOVA])
    const known = shared('9')
    loadList(store, 'feed', [post('1', NOVA)])
    loadList(store, 'explore:recent', [known])
    store.set(liveRepostAtom, {
      postId: '9',
      repostCount: 3,
      quoteCount: 2,
      user: { _id: RIVAL._id, username: RIVAL.username },
      action: 'repost',
      post: { ...known, repostCount: 3, quoteCount: 2 },
    })
    expect(store.get(newPostIdsAtom).feed ?? []).toEqual([])
    expect(store.get(postsByIdAtom)['9']?.repostCount).toBe(3)
    expect(store.get(postsByIdAtom)['9']?.quoteCount).toBe(2)
  })

  it('keeps the viewer’s own repost and reactions over a copy presented for nobody', () => {
    const mine = shared('9', { reposted: true, reactions: { counts: [], mine: ['fire'] } })
    const incoming = shared('9', {
      repostCount: 4,
      reactions: { counts: [{ reaction: 'fire', count: 2 }], mine: [] },
    })
    const merged = mergePost(mine, incoming, true)
    expect(merged.reposted).toBe(true)
    expect(merged.repostCount).toBe(4)
    expect(merged.reactions).toEqual({ counts: [{ reaction: 'fire', count: 2 }], mine: ['fire'] })
  })

  it('sets the emoji counts from the event, and one’s own reaction only from one’s own', () => {
    const store = signedInStore([NOVA])
    loadList(store, 'feed', [shared('9')])
    store.set(liveEmojiReactionAtom, {
      postId: '9',
      counts: [{ reaction: 'wow', count: 1 }],
      user: { _id: RIVAL._id, username: RIVAL.username },
      reaction: 'wow',
      reacted: true,
    })
    expect(store.get(postsByIdAtom)['9']?.reactions).toEqual({
      counts: [{ reaction: 'wow', count: 1 }],
      mine: [],
    })
  })
})

describe('the reaction bar', () => {
  it('is hidden on a server without reactions, and so are the share buttons', () => {
    const store = signedInStore([NOVA])
    const rivals = shared('9', {
      reactions: { counts: [{ reaction: 'fire', count: 2 }], mine: [] },
    })
    loadList(store, 'feed', [rivals])
    renderWith(
      store,
      <>
        <ReactionBar post={rivals} />
        <ReactionAddButton post={rivals} />
        <ShareButtons post={rivals} />
      </>,
    )
    expect(screen.queryByRole('button', { name: /fire/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add a reaction' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Repost/ })).toBeNull()
  })

  it('names each count, and picks a reaction with the keyboard', async () => {
    const store = signedInStore([NOVA])
    store.set(serverFeaturesAtom, new Set(['reactions', 'reposts', 'any-emoji'] as const))
    const rivals = shared('9', {
      reactions: { counts: [{ reaction: 'fire', count: 2 }], mine: [] },
    })
    loadList(store, 'feed', [rivals])
    vi.mocked(sharesApi.setEmojiReaction).mockResolvedValue({
      post: {
        ...rivals,
        reactions: {
          counts: [
            { reaction: 'fire', count: 2 },
            { reaction: 'laugh', count: 1 },
          ],
          mine: ['laugh'],
        },
      },
    })
    const user = userEvent.setup()
    renderWith(
      store,
      <>
        <ReactionBar post={rivals} />
        <ReactionAddButton post={rivals} />
      </>,
    )
    expect(screen.getByRole('button', { name: 'fire: 2. Add yours' })).toBeTruthy()
    const add = screen.getByRole('button', { name: 'Add a reaction' })
    await user.click(add)
    // The menu's module loads with the first one opened.
    const menu = await screen.findByRole('menu', { name: 'Reactions' })
    const items = within(menu).getAllByRole('menuitemcheckbox')
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'React with fire',
      'React with laughing',
      'React with surprised',
      'React with sad',
      'React with applause',
      'React with good game',
    ])
    expect(document.activeElement).toBe(items[0])
    // Last comes the full picker, then round to the quick ones' end.
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'More emoji' }))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(items[5])
    await user.keyboard('{Home}{ArrowRight}')
    expect(document.activeElement).toBe(items[1])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(add)
    await user.keyboard('{Enter}')
    await user.keyboard('{ArrowRight}{Enter}')
    expect(sharesApi.setEmojiReaction).toHaveBeenCalledWith('9', 'laugh', true)
    expect(document.activeElement).toBe(add)
    await waitFor(() => expect(store.get(postsByIdAtom)['9']?.reactions?.mine).toEqual(['laugh']))
  })

  it('shows a pending repost at once, and sends it', async () => {
    const store = signedInStore([NOVA])
    store.set(serverFeaturesAtom, new Set(['reposts'] as const))
    const rivals = shared('9', { repostCount: 2 })
    loadList(store, 'feed', [rivals])
    let answer: (value: { post: Post }) => void = () => {}
    vi.mocked(sharesApi.setRepost).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    renderWith(store, <ShareButtons post={rivals} />)
    await user.click(screen.getByRole('button', { name: 'Repost, 2 reposts' }))
    expect(screen.getByRole('button', { name: 'Undo repost, 3 reposts' })).toBeTruthy()
    expect(sharesApi.setRepost).toHaveBeenCalledWith('9', true)
    await act(async () => answer({ post: { ...rivals, repostCount: 3, reposted: true } }))
    expect(store.get(postsByIdAtom)['9']?.reposted).toBe(true)
  })
})

// --- who reposted, from the repost count ---
describe('who reposted', () => {
  it('opens from the repost count, lists people a page at a time, and the icon still reposts', async () => {
    const store = signedInStore([NOVA])
    store.set(serverFeaturesAtom, new Set(['reposts'] as const))
    const rivals = shared('9', { repostCount: 3 })
    loadList(store, 'feed', [rivals])
    vi.mocked(sharesApi.listReposters)
      .mockResolvedValueOnce({ users: [NOVA, RIVAL], nextCursor: 'c2' })
      .mockResolvedValueOnce({ users: [ME], nextCursor: null })
    const user = userEvent.setup()
    renderWith(store, <ShareButtons post={rivals} />)
    await user.click(screen.getByRole('button', { name: 'Who reposted: 3 reposts' }))
    // The dialog's module loads on this first click (a lazy chunk; slow on a busy machine).
    const dialog = await screen.findByRole('dialog', { name: 'Who reposted' }, { timeout: 10_000 })
    await waitFor(() => expect(within(dialog).getAllByRole('link')).toHaveLength(2))
    expect(sharesApi.listReposters).toHaveBeenCalledWith('9', null, expect.any(AbortSignal))
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(within(dialog).getAllByRole('link')).toHaveLength(3))
    expect(sharesApi.listReposters).toHaveBeenLastCalledWith('9', 'c2', expect.any(AbortSignal))
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(sharesApi.setRepost).not.toHaveBeenCalled()
  })

  it('shows no count button at 0 reposts', () => {
    const store = signedInStore([NOVA])
    store.set(serverFeaturesAtom, new Set(['reposts'] as const))
    renderWith(store, <ShareButtons post={shared('9', { repostCount: 0 })} />)
    expect(screen.getByRole('button', { name: 'Repost, 0 reposts' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Who reposted/ })).toBeNull()
  })
})

describe('repost and quote notifications', () => {
  it('groups reposts of one post as likes are, and says what each did', () => {
    const at = '2026-01-01T00:00:00+00:00'
    const note = (id: string, type: 'repost' | 'quote', actor = NOVA, postId = '9') => ({
      id,
      type,
      actor,
      postId,
      commentId: null,
      snippet: 'gg',
      createdAt: at,
      read: false,
    })
    const groups = groupNotifications([
      note('4', 'quote', RIVAL, '12'),
      note('3', 'repost', RIVAL),
      note('2', 'repost', NOVA),
      note('1', 'quote', NOVA, '11'),
    ])
    expect(groups.map((group) => [group.type, group.actors.map((a) => a.username)])).toEqual([
      ['quote', ['rival']],
      ['repost', ['rival', 'nova']],
      ['quote', ['nova']],
    ])
    expect(groups.map(actionText)).toEqual([
      'quoted your post',
      'reposted your post',
      'quoted your post',
    ])
  })
})

describe('the quote embed', () => {
  it('hides a quoted post of someone the viewer blocked, even from a live copy', () => {
    const store = signedInStore([NOVA])
    store.set(relationsAtom, {
      blocked: new Set([RIVAL._id]),
      muted: new Set<string>(),
      mutedUntil: new Map(),
    })
    renderWith(store, <QuoteEmbed embed={{ postId: '3', state: 'visible', post: shared('3') }} />)
    expect(screen.getByText('This post isn’t available to you.')).toBeTruthy()
  })

  it('shows a deleted original as deleted, a hidden one as unavailable, and names a nested one', () => {
    const store = signedInStore([NOVA])
    const { rerender } = renderWith(
      store,
      <QuoteEmbed embed={{ postId: '3', state: 'deleted', post: null }} />,
    )
    expect(screen.getByRole('status').textContent).toBe('Post deleted')
    // It does not take focus from the page.
    expect(document.activeElement).toBe(document.body)
    const wrap = (ui: React.ReactNode) => (
      <Provider store={store}>
        <MemoryRouter>{ui}</MemoryRouter>
      </Provider>
    )
    rerender(wrap(<QuoteEmbed embed={{ postId: '3', state: 'unavailable', post: null }} />))
    expect(screen.getByText('This post isn’t available to you.')).toBeTruthy()
    rerender(wrap(<QuoteEmbed embed={{ postId: '3', state: 'nested', post: null }} />))
    expect(screen.getByRole('link', { name: 'Quotes another post' }).getAttribute('href')).toBe(
      '/post/3',
    )
    const original = shared('3', { content: 'the original words' })
    rerender(wrap(<QuoteEmbed embed={{ postId: '3', state: 'visible', post: original }} />))
    const region = screen.getByRole('region', { name: 'Quoted post by rival' })
    expect(within(region).getByText('the original words')).toBeTruthy()
  })
})
