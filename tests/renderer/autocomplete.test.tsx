import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetTagSuggestionSupport } from '../../src/renderer/src/state/suggestions'
import { TextEditor } from '../../src/renderer/src/components/TextEditor'
import { activeToken, applySuggestion } from '../../src/renderer/src/lib/autocomplete'
import { fakeFriendServer, jsonResponse } from './fake-server'

const user = (username: string) => ({
  _id: username,
  id: username,
  username,
  firstName: '',
  lastName: '',
  profileImg: '',
  bio: '',
  followerCount: 0,
  followingCount: 0,
})
const users = (...names: string[]) =>
  jsonResponse(200, { users: names.map(user), nextCursor: null })

describe('activeToken', () => {
  it.each([
    ['hi @nig', 7, { kind: 'mention', start: 3, end: 7, query: 'nig' }],
    ['@Nigh', 5, { kind: 'mention', start: 0, end: 5, query: 'Nigh' }],
    ['gg #la', 6, { kind: 'tag', start: 3, end: 6, query: 'la' }],
    ['#lan party', 2, { kind: 'tag', start: 0, end: 4, query: 'l' }],
    ['#Ünïcode', 8, { kind: 'tag', start: 0, end: 8, query: 'Ünïcode' }],
    ['hi @', 4, null],
    ['bob@example', 11, null],
    ['a.#tag', 6, null],
    ['hi @nig there', 13, null],
    ['@.dot', 5, null],
    [`@${'a'.repeat(31)}`, 32, null],
  ])('%j at %i', (text, caret, expected) => {
    expect(activeToken(text, caret)).toEqual(expected)
  })

  it('puts the whole name and one space in, with the caret after the space', () => {
    const token = activeToken('hi @nig and', 7)
    if (!token) throw new Error('no token')
    expect(applySuggestion('hi @nig and', token, 'nighthawk')).toEqual({
      text: 'hi @nighthawk and',
      caret: 14,
    })
    const atEnd = activeToken('hi @ni', 6)
    if (!atEnd) throw new Error('no token')
    expect(applySuggestion('hi @ni', atEnd, 'nighthawk')).toEqual({
      text: 'hi @nighthawk ',
      caret: 14,
    })
  })
})

describe('autocomplete in the TextEditor', () => {
  const fetchMock = fakeFriendServer()
  afterEach(() => {
    cleanup()
    resetTagSuggestionSupport()
  })

  const renderEditor = () => {
    render(
      <TextEditor
        label="Post text"
        placeholder="enter a text"
        max={1000}
        submitLabel="Post"
        onSubmit={vi.fn()}
      />,
    )
    return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' })
  }

  it('suggests people, moves with the arrows, picks with Enter and keeps the caret', async () => {
    fetchMock.mockImplementation(async () =>
      users('nighthawk', 'nightowl', 'Nightshade_of_the_long_names_x'),
    )
    const box = renderEditor()
    await userEvent.type(box, 'gg @nig')
    const list = await screen.findByRole('listbox', { name: 'People' })
    expect(box.getAttribute('aria-controls')).toBe(list.id)
    const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]))
    expect(url.pathname).toBe('/api/users')
    expect(url.searchParams.get('search')).toBe('nig')
    expect(url.searchParams.get('followedFirst')).toBe('true')
    const options = screen.getAllByRole('option')
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
    ])
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]?.id)
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}')
    expect(box.value).toBe('gg @Nightshade_of_the_long_names_x ')
    expect(box.selectionStart).toBe(box.value.length)
    expect(screen.queryByRole('listbox')).toBeNull()
    // Typing goes on after the space.
    await userEvent.keyboard('hi')
    expect(box.value).toBe('gg @Nightshade_of_the_long_names_x hi')
  })

  it('picks with Tab, closes with Escape, and Enter then types a line break', async () => {
    fetchMock.mockImplementation(async () => users('nighthawk', 'nightowl'))
    const box = renderEditor()
    await userEvent.type(box, '@ni')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    await userEvent.keyboard('{Enter}')
    expect(box.value).toBe('@ni\n')
    await userEvent.type(box, '@nigh')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}{Tab}')
    expect(box.value).toBe('@ni\n@nightowl ')
    expect(document.activeElement).toBe(box)
  })

  it('picks a tag with a click, in the middle of a text', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        tags: [
          { tag: 'lanparty', postCount: 3 },
          { tag: 'lan', postCount: 1 },
        ],
      }),
    )
    const box = renderEditor()
    await userEvent.type(box, 'see you at #la')
    await userEvent.click(await screen.findByRole('option', { name: /#lan\s*1 post$/ }))
    expect(box.value).toBe('see you at #lan ')
    expect(new URL(String(fetchMock.mock.calls.at(-1)?.[0])).searchParams.get('prefix')).toBe('la')
  })

  it('drops an answer that comes after a newer one', async () => {
    let answerFirst: (response: Response) => void = () => {}
    fetchMock
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(users('nightowl'))
    const box = renderEditor()
    await userEvent.type(box, '@n')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await userEvent.type(box, 'i')
    await screen.findByRole('option', { name: /@nightowl/ })
    answerFirst(users('nobody_else', 'nova'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['@nightowl'])
  })

  it('asks once per pause in typing', async () => {
    fetchMock.mockImplementation(async () => users('nightowl'))
    const box = renderEditor()
    await userEvent.type(box, '@nightow', { delay: null })
    await screen.findByRole('listbox')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('stops asking for tags when the server has no tag suggestions (an older server)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { errors: ['No such API route.'], code: 'ROUTE_NOT_FOUND' }),
    )
    const box = renderEditor()
    await userEvent.type(box, '#la')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    await userEvent.type(box, ' #gg')
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
