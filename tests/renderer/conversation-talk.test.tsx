/**
 * Around a conversation's messages: the typing line (who, for how long, gone when their message
 * arrives), the composer's "typing…" signals and its draft of the slot `message:<id>`, the
 * search's highlight, and when a new message becomes a system notification.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TYPING } from '../../src/shared/typing'
import { defaultNotificationSettings } from '../../src/shared/notification-kinds'
import { highlight } from '../../src/renderer/src/components/ConversationSearch'
import { MessageComposer } from '../../src/renderer/src/components/MessageComposer'
import { TypingLine, typingText } from '../../src/renderer/src/components/TypingLine'
import {
  messageNotificationTitle,
  shouldNotifyMessage,
} from '../../src/renderer/src/lib/message-notifications'
import { draftKey, readDraft } from '../../src/renderer/src/lib/drafts'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { followConversationTalk } from '../../src/renderer/src/state/conversation-talk'
import {
  followLiveConversations,
  historiesAtom,
  loadHistoryAtom,
  openConversationIdAtom,
} from '../../src/renderer/src/state/conversations'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { conversationMessage, deferred, ME, NOVA, RIVAL, signedInStore } from './state-fixtures'

describe('a conversation opening', () => {
  it('keeps a message that arrives live while its first page is on its way', async () => {
    const store = signedInStore()
    const stop = followLiveConversations(store)
    const page = deferred<Response>()
    fetchMock.mockReturnValueOnce(page.promise)
    store.set(openConversationIdAtom, '9')
    const loading = store.set(loadHistoryAtom, '9')
    publishLiveEvent('message', { conversationId: '9', message: message('5'), created: false })
    // The page was read before the message was sent: it does not hold it.
    page.resolve(jsonResponse(200, { messages: [message('4', ME, 'older')], nextCursor: null }))
    await loading
    expect(store.get(historiesAtom)['9']?.messages.map((item) => item._id)).toEqual(['4', '5'])
    stop()
  })
})

const fetchMock = fakeFriendServer()
afterEach(cleanup)

const message = (id: string, author = NOVA, text = 'hi') =>
  conversationMessage(id, { author, text })

describe('the typing line', () => {
  const SHOWS = TYPING.showsMs
  let stop: () => void = () => {}
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    stop()
    vi.useRealTimers()
  })

  function renderLine() {
    const store = createStore()
    stop = followConversationTalk(store)
    render(
      <Provider store={store}>
        <TypingLine conversationId="9" />
      </Provider>,
    )
    return screen.getByTestId('typing-line')
  }
  const typing = (who = NOVA, conversationId = '9') =>
    act(() => publishLiveEvent('conversation-typing', { conversationId, user: who }))

  it('shows who types, and clears a few seconds after their last signal', () => {
    const line = renderLine()
    expect(line.textContent).toBe('')
    typing()
    expect(line.textContent).toBe('nova is typing…')
    act(() => vi.advanceTimersByTime(SHOWS - 1000))
    // A new signal: counted again from now.
    typing()
    act(() => vi.advanceTimersByTime(SHOWS - 1))
    expect(line.textContent).toBe('nova is typing…')
    act(() => vi.advanceTimersByTime(1))
    expect(line.textContent).toBe('')
  })

  it('counts two typists, leaves other conversations out, and clears one whose message came', () => {
    const line = renderLine()
    typing(NOVA)
    typing(RIVAL)
    typing(ME, '10')
    expect(line.textContent).toBe('2 people are typing…')
    act(() =>
      publishLiveEvent('message', { conversationId: '9', message: message('5'), created: true }),
    )
    expect(line.textContent).toBe('rival is typing…')
    // An edit is not their new message: rival still types.
    act(() =>
      publishLiveEvent('message', {
        conversationId: '9',
        message: message('4', RIVAL),
        created: false,
      }),
    )
    expect(line.textContent).toBe('rival is typing…')
    act(() => vi.advanceTimersByTime(SHOWS))
    expect(line.textContent).toBe('')
  })

  it('says nothing of a signal older than the time it shows', () => {
    const at = 1_000_000
    expect(typingText([{ userId: '2', username: 'nova', at }], at + SHOWS)).toBeNull()
    expect(typingText([{ userId: '2', username: 'nova', at }], at + SHOWS - 1)).toBe(
      'nova is typing…',
    )
  })
})

describe('the composer', () => {
  beforeEach(() => localStorage.clear())

  function renderComposer() {
    const store = signedInStore()
    const stop = followConversationTalk(store)
    render(
      <Provider store={store}>
        <MessageComposer conversationId="9" replyTo={null} editing={null} onDone={() => {}} />
      </Provider>,
    )
    return { field: screen.getByRole('textbox', { name: 'Message' }), stop }
  }
  const typingCalls = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/conversations/9/typing'))

  it('keeps what is typed as the draft of message:<id>, says typing at most every few seconds, and clears it once sent', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        String(input).endsWith('/typing')
          ? jsonResponse(200, { ok: true })
          : jsonResponse(201, { message: message('7', ME, 'see you at nine') }),
      ),
    )
    const { field, stop } = renderComposer()
    const key = draftKey(ME._id, 'message:9')
    await userEvent.type(field, 'see you at nine')
    expect(readDraft(key)).toBe('see you at nine')
    // Fifteen keystrokes within a few seconds: one signal.
    expect(typingCalls()).toHaveLength(1)
    await userEvent.type(field, '{Enter}')
    await waitFor(() => expect(field).toHaveProperty('value', ''))
    expect(readDraft(key)).toBe('')
    // The next message says "typing…" again at once.
    await userEvent.type(field, 'x')
    expect(typingCalls()).toHaveLength(2)
    stop()
  })

  it('opens with the draft left on this device or brought from another', () => {
    localStorage.clear()
    const store = signedInStore()
    localStorage.setItem(draftKey(ME._id, 'message:9'), 'half a thought')
    render(
      <Provider store={store}>
        <MessageComposer conversationId="9" replyTo={null} editing={null} onDone={() => {}} />
      </Provider>,
    )
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty(
      'value',
      'half a thought',
    )
  })
})

describe('the search’s highlight', () => {
  const marked = (text: string, words: string[]) => {
    render(<p data-testid="hit">{highlight(text, words)}</p>)
    const hit = screen.getByTestId('hit')
    const marks = [...hit.querySelectorAll('mark')].map((mark) => mark.textContent)
    cleanup()
    return { text: hit.textContent, marks }
  }

  it('marks every word wherever it appears, whatever its case, and keeps the text whole', () => {
    expect(marked('LAN party at the lan', ['lan'])).toEqual({
      text: 'LAN party at the lan',
      marks: ['LAN', 'lan'],
    })
    expect(marked('party time', ['par', 'party'])).toEqual({
      text: 'party time',
      marks: ['party'],
    })
    expect(marked('nothing here', [])).toEqual({ text: 'nothing here', marks: [] })
  })
})

describe('a new message as a system notification', () => {
  const base = {
    known: true,
    muted: false,
    settings: defaultNotificationSettings(),
    inFront: false,
    open: false,
    permission: 'granted' as const,
  }

  it('shows while the window is not in front, or another conversation is open', () => {
    expect(shouldNotifyMessage(base)).toBe(true)
    expect(shouldNotifyMessage({ ...base, inFront: true })).toBe(true)
    expect(shouldNotifyMessage({ ...base, open: true })).toBe(true)
    expect(shouldNotifyMessage({ ...base, settings: null })).toBe(true)
  })

  it('never for a muted or unknown conversation, the one being read, without leave, or switched off', () => {
    expect(shouldNotifyMessage({ ...base, muted: true })).toBe(false)
    expect(shouldNotifyMessage({ ...base, known: false })).toBe(false)
    expect(shouldNotifyMessage({ ...base, inFront: true, open: true })).toBe(false)
    expect(shouldNotifyMessage({ ...base, permission: 'default' })).toBe(false)
    expect(shouldNotifyMessage({ ...base, permission: 'unsupported' })).toBe(false)
    const off = defaultNotificationSettings()
    off.messages = { inApp: true, desktop: false }
    expect(shouldNotifyMessage({ ...base, settings: off })).toBe(false)
  })

  it('names the author, and the group', () => {
    expect(messageNotificationTitle('nova', null)).toBe('nova')
    expect(messageNotificationTitle('nova', 'Friday squad')).toBe('nova in Friday squad')
  })
})
