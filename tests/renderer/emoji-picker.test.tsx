/**
 * The emoji picker's parts that are the app's own: the recent row kept on this device, the emoji
 * put at the caret of a text field, the reactions' shared rules (quick keys, order), and pending
 * reactions with any emoji drawn over the server's word. The picker's list itself is frimousse's
 * over the shipped data: the browser suite opens it against the build (emoji-picker.spec.ts).
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TextEditor } from '../../src/renderer/src/components/TextEditor'
import {
  RECENT_KEPT,
  readRecentEmoji,
  readSkinTone,
  rememberEmoji,
  storeSkinTone,
} from '../../src/renderer/src/lib/recent-emoji'
import { canonicalReaction, compareReactions, reactionOf } from '../../src/shared/reactions'

// frimousse sizes its list with a ResizeObserver, which jsdom lacks: one that never reports.
class SilentResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', SilentResizeObserver)

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('recent emoji', () => {
  it('keeps the newest first, once each, up to a row', () => {
    expect(readRecentEmoji()).toEqual([])
    rememberEmoji('🦊')
    rememberEmoji('🔥')
    expect(rememberEmoji('🦊')).toEqual(['🦊', '🔥'])
    const many = [...'🐶🐱🐭🐹🐰🐻🐼🐨🐯🦁']
    for (const emoji of many) rememberEmoji(emoji)
    expect(readRecentEmoji()).toEqual(many.reverse().slice(0, RECENT_KEPT))
  })

  it('shrugs off what another version or a person left in storage', () => {
    localStorage.setItem('recentEmoji', '{not json')
    expect(readRecentEmoji()).toEqual([])
    localStorage.setItem('recentEmoji', JSON.stringify(['🦊', 3, null, 'x'.repeat(100)]))
    expect(readRecentEmoji()).toEqual(['🦊'])
    localStorage.setItem('emojiSkinTone', 'purple')
    expect(readSkinTone()).toBe('none')
    storeSkinTone('medium-dark')
    expect(readSkinTone()).toBe('medium-dark')
  })
})

describe('the emoji button of a text field', () => {
  it('puts the picked emoji at the caret and gives the field its focus back', async () => {
    // The recent row needs no data: the list's own data is the build's (browser suite).
    localStorage.setItem('recentEmoji', JSON.stringify(['🦊']))
    // frimousse asks for its data; jsdom has no server to answer it.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))
    const user = userEvent.setup()
    render(
      <TextEditor
        label="Post text"
        placeholder="enter a text"
        max={100}
        submitLabel="Post"
        onSubmit={vi.fn()}
      />,
    )
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' })
    await user.type(field, 'gg wp')
    field.setSelectionRange(2, 2)
    await user.click(screen.getByRole('button', { name: 'Add an emoji' }))
    // The picker's module (and the server's custom emoji it shows first) loads with the first
    // one opened: slow on a busy machine.
    const picker = await screen.findByRole('dialog', { name: 'Add an emoji' }, { timeout: 10_000 })
    await user.click(await screen.findByRole('button', { name: '🦊' }, { timeout: 10_000 }))
    expect(field.value).toBe('gg🦊 wp')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(picker.isConnected).toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(field))
    expect(field.selectionStart).toBe(2 + '🦊'.length)
    vi.restoreAllMocks()
  })

  it('closes on Escape and gives the focus back to the button', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))
    const user = userEvent.setup()
    render(
      <TextEditor
        label="Post text"
        placeholder="enter a text"
        max={100}
        submitLabel="Post"
        onSubmit={vi.fn()}
      />,
    )
    const button = screen.getByRole('button', { name: 'Add an emoji' })
    await user.click(button)
    await screen.findByRole('dialog', { name: 'Add an emoji' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
    vi.restoreAllMocks()
  })
})

describe('reactions by emoji', () => {
  it('names a quick emoji by its key, and lists the quick ones first', () => {
    expect(canonicalReaction('🔥')).toBe('fire')
    expect(canonicalReaction('🦊')).toBe('🦊')
    expect(reactionOf('gg')).toMatchObject({ emoji: '🎮', label: 'good game' })
    expect(reactionOf('🦊')).toEqual({ emoji: '🦊', label: '🦊' })
    expect(['🦊', 'gg', '🐶', 'fire'].sort(compareReactions)).toEqual(['fire', 'gg', '🐶', '🦊'])
  })
})
