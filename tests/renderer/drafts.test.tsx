import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { TextEditor } from '../../src/renderer/src/components/TextEditor'
import {
  draftKey,
  readDraft,
  removeLocalDraft,
  storeDownloadedDraft,
  writeDraft,
} from '../../src/renderer/src/lib/drafts'

const props = { label: 'Post text', placeholder: 'p', max: 100, submitLabel: 'Post' }

describe('drafts belong to one user on one server', () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('keeps a draft typed on one server away from another server and another user', async () => {
    const home = draftKey('7', 'newPost', 'http://192.168.1.20:4567')
    const friend = draftKey('7', 'newPost', 'http://192.168.1.30:4567')
    const otherUser = draftKey('8', 'newPost', 'http://192.168.1.20:4567')
    expect(new Set([home, friend, otherUser]).size).toBe(3)

    const first = render(<TextEditor {...props} draftKey={home} onSubmit={() => null} />)
    await userEvent.type(screen.getByRole('textbox'), 'lan party plan')
    first.unmount()

    for (const key of [friend, otherUser]) {
      const other = render(<TextEditor {...props} draftKey={key} onSubmit={() => null} />)
      expect(screen.getByRole('textbox')).toHaveProperty('value', '')
      other.unmount()
    }
    render(<TextEditor {...props} draftKey={home} onSubmit={() => null} />)
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'lan party plan')
    expect(readDraft(friend)).toBe('')
  })

  it('keeps a comment draft per post', () => {
    expect(draftKey('7', 'comment:1', 'http://a')).not.toBe(draftKey('7', 'comment:2', 'http://a'))
  })
})

describe('a draft written on another device', () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('shows in an editor already open, unless something was typed there since', async () => {
    const key = draftKey('7', 'newPost')
    const other = draftKey('7', 'comment:5')
    render(
      <>
        <TextEditor {...props} label="Post text" draftKey={key} onSubmit={() => null} />
        <TextEditor {...props} label="Comment text" draftKey={other} onSubmit={() => null} />
      </>,
    )
    const post = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' })
    const comment = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment text' })
    await userEvent.type(comment, 'typed here')
    const body = (text: string) => ({ text, media: [], poll: null })
    act(() => {
      storeDownloadedDraft(key, body('from the PC'), Date.now())
      storeDownloadedDraft(other, body('also from the PC'), Date.now())
    })
    expect(post.value).toBe('from the PC')
    expect(comment.value).toBe('typed here')
  })

  it('shows when it lands between the editor reading its draft and listening for one', () => {
    const key = draftKey('7', 'message:3')
    let downloaded = false
    /** Rendered after the editor, before the effects of either run: the download's moment. */
    function DownloadsNow() {
      if (!downloaded) {
        downloaded = true
        storeDownloadedDraft(key, { text: 'bring the spare controller', media: [], poll: null }, 5)
      }
      return null
    }
    render(
      <>
        <TextEditor {...props} draftKey={key} onSubmit={() => null} />
        <DownloadsNow />
      </>,
    )
    expect(downloaded).toBe(true)
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'bring the spare controller')
  })

  it('shows when the editor learns whose draft it is only after it opened', () => {
    const key = draftKey('7', 'message:4')
    storeDownloadedDraft(key, { text: 'from the PC', media: [], poll: null }, 5)
    const view = render(<TextEditor {...props} draftKey={undefined} onSubmit={() => null} />)
    expect(screen.getByRole('textbox')).toHaveProperty('value', '')
    view.rerender(<TextEditor {...props} draftKey={key} onSubmit={() => null} />)
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'from the PC')
  })

  it('empties an editor open on a draft sent elsewhere, unless something was typed there', async () => {
    const kept = draftKey('7', 'newPost')
    const typedOn = draftKey('7', 'comment:6')
    writeDraft(kept, 'posted from the phone')
    writeDraft(typedOn, 'also sent')
    render(
      <>
        <TextEditor {...props} label="Post text" draftKey={kept} onSubmit={() => null} />
        <TextEditor {...props} label="Comment text" draftKey={typedOn} onSubmit={() => null} />
      </>,
    )
    const post = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' })
    const comment = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment text' })
    expect(post.value).toBe('posted from the phone')
    await userEvent.type(comment, '!')
    act(() => {
      removeLocalDraft(kept)
      removeLocalDraft(typedOn)
    })
    expect(post.value).toBe('')
    expect(comment.value).toBe('also sent!')
  })
})
