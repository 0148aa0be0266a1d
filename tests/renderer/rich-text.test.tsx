import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { listPosts } from '../../src/renderer/src/api/posts'
import { RichText } from '../../src/renderer/src/components/PostText'
import { routeTitle } from '../../src/renderer/src/lib/route-title'
import { postOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'

afterEach(cleanup)

function show(text: string, mentions?: string[]) {
  const { container } = render(
    <MemoryRouter>
      <p>
        <RichText text={text} mentions={mentions} />
      </p>
    </MemoryRouter>,
  )
  return container.querySelector('p') as HTMLParagraphElement
}

const links = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])

describe('RichText', () => {
  it('links mentions of existing users (as stored) and tags; the text stays whole', () => {
    const text = 'gg @Nova_Strike and @ghost at #LAN_party, #1 is no tag'
    const paragraph = show(text, ['nova_strike'])
    expect(links(paragraph)).toEqual([
      ['@Nova_Strike', '/nova_strike'],
      ['#LAN_party', '/tags/lan_party'],
    ])
    expect(paragraph.textContent).toBe(text)
  })

  it('links no mention when the server sent no list (an older server)', () => {
    const paragraph = show('hi @nova_strike #gg')
    expect(links(paragraph)).toEqual([['#gg', '/tags/gg']])
  })

  it('encodes what goes into a path, whatever the server listed', () => {
    const paragraph = show('#日本語 and #café @a.b-c', ['a.b-c'])
    expect(links(paragraph)).toEqual([
      ['#日本語', `/tags/${encodeURIComponent('日本語')}`],
      ['#café', `/tags/${encodeURIComponent('café')}`],
      ['@a.b-c', '/a.b-c'],
    ])
  })

  it('makes web addresses links to a new window, and a mention or tag inside one part of it', async () => {
    const text = 'see https://example.com/?u=@nova_strike&t=#top or http://lan.party/#gg, #real'
    const paragraph = show(text, ['nova_strike'])
    await screen.findByRole('link', { name: /example\.com/ })
    expect(links(paragraph)).toEqual([
      ['https://example.com/?u=@nova_strike&t=#top', 'https://example.com/?u=@nova_strike&t=#top'],
      ['http://lan.party/#gg', 'http://lan.party/#gg'],
      ['#real', '/tags/real'],
    ])
    const web = screen.getByRole('link', { name: /example\.com/ })
    expect(web.getAttribute('target')).toBe('_blank')
    expect(web.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(paragraph.textContent).toBe(text)
  })

  it('never links an address that is not http(s)', async () => {
    const paragraph = show(
      'javascript:alert(1) ftp://files.example mailto:a@b.example https://ok.example',
    )
    await screen.findByRole('link', { name: 'https://ok.example' })
    expect(links(paragraph)).toEqual([['https://ok.example', 'https://ok.example']])
  })

  it('leaves e-mail addresses and words with @ or # inside them as text', () => {
    const paragraph = show('mail bob@nova_strike.example or C# and a&#35;b', ['nova_strike'])
    expect(links(paragraph)).toEqual([])
  })

  it('keeps a long unbroken word as one text node', () => {
    const word = 'a'.repeat(500)
    const paragraph = show(word)
    expect(paragraph.textContent).toBe(word)
    expect(links(paragraph)).toEqual([])
  })
})

describe('the mentions of an answer', () => {
  const fetchMock = fakeFriendServer()

  it('keeps valid usernames, drops the rest, and is empty when a server sends none or junk', async () => {
    const { mentions: _dropped, ...older } = postOf('3')
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        posts: [
          postOf('1', 'player1', { mentions: ['nova_strike', '/evil.example', '../home'] }),
          postOf('2', 'player1', { mentions: 'nova_strike' as unknown as string[] }),
          older,
        ],
        nextCursor: null,
      }),
    )
    const { posts } = await listPosts('recent')
    expect(posts.map((post) => post.mentions)).toEqual([['nova_strike'], [], []])
  })
})

describe('routeTitle', () => {
  it.each([
    ['/notifications', 'Notifications · Gamerstage'],
    ['/tags/lan', '#lan · Gamerstage'],
    ['/tags/LAN_Party', '#lan_party · Gamerstage'],
    [`/tags/${encodeURIComponent('日本')}`, '#日本 · Gamerstage'],
    ['/tags/1', 'Tag · Gamerstage'],
    ['/tags/%E0%A4%A', 'Tag · Gamerstage'],
    ['/tags/a/b', 'Tag · Gamerstage'],
    ['/nova_strike', '@nova_strike · Gamerstage'],
    ['/%E0%A4%A', 'Gamerstage'],
  ])('%s is "%s"', (path, title) => {
    expect(routeTitle(path)).toBe(title)
  })
})

describe('RichText in right-to-left text', () => {
  it.each([
    ['Hebrew', 'משחק מעולה עם @nova_strike אתמול ב #lan_party בערב'],
    ['Arabic', 'لعبة رائعة مع @nova_strike أمس في #lan_party مساء'],
  ])('keeps a mention and a tag in the middle of %s text isolated, in place', (_, text) => {
    const paragraph = show(text, ['nova_strike'])
    expect(paragraph.textContent).toBe(text)
    const isolated = [...paragraph.querySelectorAll('bdi')]
    expect(isolated.map((bdi) => bdi.textContent)).toEqual(['@nova_strike', '#lan_party'])
    for (const bdi of isolated) expect(bdi.firstElementChild?.tagName).toBe('A')
    // The text around them stays plain, in its order.
    const [before] = text.split('@')
    expect(paragraph.firstChild?.textContent).toBe(before)
  })
})

describe('RichText plain (a bio)', () => {
  it('links nothing but isolates mentions, even of nobody, and tags', () => {
    const text = 'גיימרית @nova_strike ו @ghost ב #lan_party, https://example.com/x'
    const { container } = render(
      <MemoryRouter>
        <p>
          <RichText text={text} mentions={['nova_strike']} plain />
        </p>
      </MemoryRouter>,
    )
    const paragraph = container.querySelector('p') as HTMLParagraphElement
    expect(paragraph.querySelectorAll('a')).toHaveLength(0)
    expect([...paragraph.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
      '@nova_strike',
      '@ghost',
      '#lan_party',
    ])
    expect(paragraph.textContent).toBe(text)
  })
})
