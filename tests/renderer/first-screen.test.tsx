// @vitest-environment node
/**
 * The first screen the server draws for a signed-in /home (src/renderer/src/first-screen.tsx),
 * in Node as the server runs it: no window, no storage. It shows the feed as the app would,
 * through the same answer checks, with everything escaped.
 */
import { describe, expect, it } from 'vitest'
import { renderFirstScreen } from '../../src/renderer/src/first-screen'
import type { FirstScreenInput } from '../../src/shared/first-screen'
import { postOf, summaryOf } from './answer-fixtures'
import { COPY } from '../../src/renderer/src/copy'

const user = {
  ...summaryOf('player1'),
  bio: '',
  followers: [],
  following: [],
  bookmarks: [],
  followerCount: 0,
  followingCount: 0,
  postCount: 2,
}

function draw(extra: Partial<FirstScreenInput> = {}) {
  return renderFirstScreen({
    origin: 'http://lan-box:4567',
    token: 'token',
    session: { user, isHost: false },
    feed: { posts: [postOf('1', 'nova_strike'), postOf('2')], nextCursor: null },
    theme: 'dark',
    ...extra,
  })
}

describe('the server-drawn first screen', () => {
  it('shows the signed-in chrome and the feed’s posts, in order', () => {
    // React marks the edges of text it joined: <!-- -->.
    const html = (draw() ?? '').replaceAll('<!-- -->', '')
    expect(typeof window).toBe('undefined')
    expect(html).toContain('Welcome Back...')
    expect(html).toContain('What&#x27;s happening in your game, player1?')
    const cards = [...html.matchAll(/<article[^>]*data-post-id="(\w+)"/g)].map((m) => m[1])
    expect(cards).toEqual(['1', '2'])
    expect(html).toContain('Post 1')
    // Suggestions are not asked for on the server: they show as loading, not as "none".
    expect(html).toContain('Loading people')
    for (const none of [COPY.suggestions.followingEveryone, COPY.suggestions.nobodyElse]) {
      expect(html).not.toContain(none.split('.')[0])
    }
    // Links stay links: they work before the app has loaded.
    expect(html).toContain('href="/nova_strike"')
  })

  it('escapes what posts say', () => {
    const hostile = postOf('3', 'nova_strike', {
      content: '<img src=x onerror=alert(1)></script><script>alert(2)</script>',
    })
    const html = draw({ feed: { posts: [hostile], nextCursor: null } }) ?? ''
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<script>alert(2)')
  })

  it('leaves out what the app would: posts that fail their check', () => {
    const broken = { ...postOf('4'), username: '../../evil' }
    const html = draw({ feed: { posts: [broken, postOf('5')], nextCursor: null } }) ?? ''
    const cards = [...html.matchAll(/<article[^>]*data-post-id="(\w+)"/g)].map((m) => m[1])
    expect(cards).toEqual(['5'])
  })

  it('draws nothing from answers that fail their check', () => {
    expect(draw({ session: { user: { username: 'no id' } } })).toBeNull()
    expect(draw({ session: null })).toBeNull()
    expect(draw({ feed: { posts: 'not a list' } })).toBeNull()
  })
})
