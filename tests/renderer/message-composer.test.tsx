/**
 * The field under a conversation: a message typed and sent while the one before is still on
 * its way is neither refused nor erased (it once was: the first answer emptied the field over
 * it), messages go in the order they were sent, and one the server refuses comes back.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageComposer } from '../../src/renderer/src/components/MessageComposer'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { conversationMessage, deferred } from './state-fixtures'

const fetchMock = fakeFriendServer()
afterEach(cleanup)

function answer(id: string, text: string): Response {
  return jsonResponse(201, { message: conversationMessage(id, { text }) })
}

/** The texts of the messages sent, in the order the server was asked. */
const sent = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/conversations/9/messages') && init?.body)
    .map(([, init]) => (JSON.parse(String(init?.body)) as { text: string }).text)

function renderComposer() {
  render(
    <Provider store={createStore()}>
      <MessageComposer conversationId="9" replyTo={null} editing={null} onDone={() => {}} />
    </Provider>,
  )
  return screen.getByRole('textbox', { name: 'Message' })
}

describe('the message field', () => {
  it('keeps a message typed while the one before is on its way, and sends both in order', async () => {
    const first = deferred<Response>()
    fetchMock.mockReturnValueOnce(first.promise)
    fetchMock.mockResolvedValueOnce(answer('2', 'second one'))
    const field = renderComposer()

    await userEvent.type(field, 'first one{Enter}')
    // Emptied at once, for the next message.
    expect(field).toHaveProperty('value', '')
    await userEvent.type(field, 'second one{Enter}')
    expect(field).toHaveProperty('value', '')
    // The second waits for the first: the server is asked in the order they were sent.
    expect(sent()).toEqual(['first one'])

    first.resolve(answer('1', 'first one'))
    await waitFor(() => expect(sent()).toEqual(['first one', 'second one']))
    expect(field).toHaveProperty('value', '')
  })

  it('puts a refused message back, before what was typed since', async () => {
    const first = deferred<Response>()
    fetchMock.mockReturnValueOnce(first.promise)
    const field = renderComposer()

    await userEvent.type(field, 'lost in transit{Enter}')
    await userEvent.type(field, 'typed meanwhile')
    first.resolve(
      jsonResponse(403, { errors: ['You cannot message this player.'], code: 'BLOCKED' }),
    )
    await waitFor(() => expect(field).toHaveProperty('value', 'lost in transit\ntyped meanwhile'))
  })
})
