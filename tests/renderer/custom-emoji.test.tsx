/**
 * The server's custom emoji in the app (docs/API.md, "Custom emoji"): `:shortcode:` of a known
 * emoji drawn as its image in text (never inside a link, a mention or a tag; an unknown one
 * stays text), the list read again when the live event names another version, and the picker's
 * "This server" section putting `:shortcode:` into a text field.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CustomEmojiList } from '../../src/shared/api-types'
import { MessageReactionChips } from '../../src/renderer/src/components/MessageReactions'
import { RichText } from '../../src/renderer/src/components/PostText'
import { TextEditor } from '../../src/renderer/src/components/TextEditor'
import { withCustomEmoji } from '../../src/renderer/src/components/emoji/CustomEmojiText'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { listCustomEmoji } from '../../src/renderer/src/api/custom-emoji'
import { getPost } from '../../src/renderer/src/api/posts'
import { postOf, summaryOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()
afterEach(cleanup)
// frimousse sizes its list with a ResizeObserver, which jsdom lacks: one that never reports
// (stubbed for each test: the fake server's after-hook takes every stub away).
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

const POG = { shortcode: 'pog', url: '/api/media/AAAAAAAAAAAAAAAA' }
const GG = { shortcode: 'gg_wp', url: '/api/media/BBBBBBBBBBBBBBBB' }

/** The friend's server answers its emoji list with `lists` in turn (the last one from then on). */
function serverWith(...lists: CustomEmojiList[]) {
  let asked = 0
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.endsWith('/api/emoji')) {
      const list = lists[Math.min(asked, lists.length - 1)]
      asked += 1
      return jsonResponse(200, list)
    }
    throw new TypeError('offline')
  })
  return () => asked
}

function shown(node: ReactNode) {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  )
}

const images = (root: HTMLElement) =>
  [...root.querySelectorAll('img.custom-emoji')].map((image) => [
    image.getAttribute('alt'),
    image.getAttribute('src'),
  ])

describe('custom emoji in text', () => {
  it('finds known shortcodes only, and one whose colon another unknown one used', () => {
    const known = {
      version: 'v1',
      list: [POG],
      byShortcode: new Map([['pog', POG]]),
    }
    const parts = withCustomEmoji('at 10:30:pog: :nope: :pog::pog', known)
    const html = render(<p>{parts}</p>).container
    expect(images(html).map(([alt]) => alt)).toEqual([':pog:', ':pog:'])
    expect(html.textContent).toBe('at 10:30 :nope: :pog')
    expect(withCustomEmoji('plain :pog:', null)).toEqual(['plain :pog:'])
  })

  it('draws a known one in a post as its image, never inside a link, mention or tag', async () => {
    serverWith({ emoji: [POG, GG], version: 'v1' })
    const text = 'gg :pog: @nova_strike https://lan.party/:pog:/x #pog :nope: :gg_wp:'
    const { container } = shown(
      <p>
        <RichText text={text} mentions={['nova_strike']} />
      </p>,
    )
    await waitFor(() => expect(images(container)).toHaveLength(2))
    expect(images(container)).toEqual([
      [':pog:', 'http://friend:4567/api/media/AAAAAAAAAAAAAAAA'],
      [':gg_wp:', 'http://friend:4567/api/media/BBBBBBBBBBBBBBBB'],
    ])
    const image = container.querySelector('img.custom-emoji')
    expect(image?.getAttribute('title')).toBe(':pog:')
    expect(image?.getAttribute('loading')).toBe('lazy')
    expect(screen.getByRole('link', { name: '@nova_strike' })).toBeTruthy()
    const web = await screen.findByRole('link', { name: /lan\.party/ }, { timeout: 5000 })
    expect(web.textContent).toBe('https://lan.party/:pog:/x')
    expect(screen.getByRole('link', { name: '#pog' })).toBeTruthy()
    expect(container.textContent).toContain(':nope:')
    expect(screen.getByRole('img', { name: ':pog:' })).toBeTruthy()
  })

  it("draws a message's :shortcode: reaction as its image in the chip, as a post's", async () => {
    serverWith({ emoji: [POG], version: 'v1' })
    const { container } = shown(
      <MessageReactionChips
        message={{
          _id: '3',
          conversationId: '9',
          author: summaryOf('ana', '2'),
          text: 'gg',
          replyTo: null,
          createdAt: '2026-11-30T01:00:00+00:00',
          editedAt: null,
          deleted: false,
          media: [],
          reactions: { counts: [{ reaction: ':pog:', count: 2 }], mine: [':pog:'] },
        }}
      />,
    )
    await waitFor(() => expect(images(container)).toHaveLength(1))
    expect(screen.getByRole('button', { pressed: true }).textContent).toContain('2')
  })

  it('leaves text alone on a server without custom emoji (or an older one)', async () => {
    const asked = serverWith({ emoji: [], version: 'empty' })
    const { container } = shown(<RichText text="gg :pog:" />)
    await waitFor(() => expect(asked()).toBe(1))
    expect(container.textContent).toBe('gg :pog:')
    expect(images(container)).toEqual([])
  })

  it('reads the list again when the live event names another version', async () => {
    const asked = serverWith({ emoji: [POG], version: 'v1' }, { emoji: [POG, GG], version: 'v2' })
    const { container } = shown(<RichText text=":pog: and :gg_wp:" />)
    await waitFor(() => expect(images(container)).toHaveLength(1))
    // Its own version: nothing to read.
    publishLiveEvent('custom-emoji', { version: 'v1' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked()).toBe(1)
    publishLiveEvent('custom-emoji', { version: 'v2' })
    await waitFor(() => expect(images(container)).toHaveLength(2))
    expect(asked()).toBe(2)
  })
})

describe('checking the answers', () => {
  it('keeps `:shortcode:` reactions on a post, and only the server’s own images in the list', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        post: {
          ...postOf('5', 'fine_name'),
          reactions: {
            counts: [
              { reaction: ':pog:', count: 2 },
              { reaction: ':Not-One:', count: 1 },
              { reaction: 'plain', count: 1 },
            ],
            mine: [':pog:'],
          },
        },
      }),
    )
    const { post } = await getPost('5')
    expect(post.reactions).toEqual({ counts: [{ reaction: ':pog:', count: 2 }], mine: [':pog:'] })

    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        emoji: [
          POG,
          { shortcode: 'evil', url: 'https://evil.example/x.png' },
          { shortcode: 'Bad!', url: POG.url },
        ],
        version: 'v1',
      }),
    )
    expect((await listCustomEmoji()).emoji).toEqual([POG])
  })
})

describe("the picker's This server section", () => {
  it('puts :shortcode: at the caret, found by searching its name', async () => {
    serverWith({ emoji: [POG, GG], version: 'v1' })
    const user = userEvent.setup()
    shown(
      <TextEditor
        label="Post text"
        placeholder="enter a text"
        max={100}
        submitLabel="Post"
        onSubmit={vi.fn()}
      />,
    )
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' })
    await user.type(field, 'gg ')
    await user.click(screen.getByRole('button', { name: 'Add an emoji' }))
    const section = await screen.findByRole('group', { name: 'This server' }, { timeout: 10_000 })
    expect(section.querySelectorAll('button')).toHaveLength(2)
    await user.type(screen.getByRole('searchbox', { name: 'Search emoji' }), ':gg')
    await waitFor(() => expect(section.querySelectorAll('button')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: ':gg_wp:' }))
    expect(field.value).toBe('gg :gg_wp:')
  })
})
