import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TextEditor } from '../../src/renderer/src/components/TextEditor'

describe('TextEditor', () => {
  afterEach(cleanup)

  it('disables submit outside the limits and shows the count', async () => {
    const onSubmit = vi.fn()
    render(
      <TextEditor
        label="Comment text"
        placeholder="For comment"
        max={5}
        submitLabel="Comment"
        onSubmit={onSubmit}
      />,
    )
    const button = screen.getByRole('button', { name: 'Comment' })
    expect(button).toHaveProperty('disabled', true)
    await userEvent.type(screen.getByPlaceholderText('For comment'), '  abc  ')
    expect(screen.getByText('3 / 5')).toBeTruthy()
    expect(button).toHaveProperty('disabled', false)
    await userEvent.type(screen.getByPlaceholderText('For comment'), 'defgh')
    expect(button).toHaveProperty('disabled', true)
  })

  it('submits trimmed text with Ctrl+Enter', async () => {
    const onSubmit = vi.fn()
    render(
      <TextEditor
        label="Post text"
        placeholder="enter a text"
        max={1000}
        submitLabel="Post"
        onSubmit={onSubmit}
      />,
    )
    await userEvent.type(screen.getByPlaceholderText('enter a text'), ' gg wp ')
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    expect(onSubmit).toHaveBeenCalledWith('gg wp')
  })
})

describe('TextEditor keeps what was typed', () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('keeps the text and says why when the send is refused, at the field', async () => {
    const onSubmit = vi.fn().mockResolvedValueOnce('The server is busy.').mockResolvedValue(null)
    render(
      <TextEditor
        label="Post text"
        placeholder="enter a text"
        max={100}
        submitLabel="Post"
        onSubmit={onSubmit}
        resetOnSubmit
      />,
    )
    const area = screen.getByRole('textbox', { name: 'Post text' })
    await userEvent.type(area, 'gg wp')
    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The server is busy.')
    expect(area).toHaveProperty('value', 'gg wp')
    expect(area.getAttribute('aria-invalid')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(onSubmit).toHaveBeenCalledTimes(2)
    expect(area).toHaveProperty('value', '')
    expect(area.getAttribute('aria-invalid')).toBeNull()
  })

  it('keeps a draft across unmounting, and drops it once sent', async () => {
    const key = 'gamerstage:draft|http://x|u1|newPost'
    const props = {
      label: 'Post text',
      placeholder: 'enter a text',
      max: 100,
      submitLabel: 'Post',
      draftKey: key,
    }
    const first = render(<TextEditor {...props} onSubmit={() => 'offline'} />)
    await userEvent.type(screen.getByRole('textbox'), 'half a thought')
    first.unmount()
    expect(localStorage.getItem(key)).toBe('half a thought')

    render(<TextEditor {...props} onSubmit={() => null} />)
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'half a thought')
    await userEvent.click(screen.getByRole('button', { name: 'Post' }))
    expect(localStorage.getItem(key)).toBeNull()
  })

  it('puts the cursor after the text being edited', () => {
    render(
      <TextEditor
        label="Post text"
        placeholder="p"
        max={100}
        submitLabel="Save"
        initial="old words"
        autoFocus
        onSubmit={() => null}
      />,
    )
    const area = screen.getByRole<HTMLTextAreaElement>('textbox')
    expect(document.activeElement).toBe(area)
    expect(area.selectionStart).toBe('old words'.length)
    expect(area.selectionEnd).toBe('old words'.length)
  })

  it('has the counter speak only near the limit', async () => {
    const { container } = render(
      <TextEditor
        label="Comment"
        placeholder="c"
        max={10}
        submitLabel="Send"
        onSubmit={() => null}
      />,
    )
    const live = container.querySelector('[aria-live]')
    await userEvent.type(screen.getByRole('textbox'), 'abcdefgh')
    expect(live?.textContent).toBe('')
    await userEvent.type(screen.getByRole('textbox'), 'ij')
    expect(live?.textContent).toBe('0 characters left')
    await userEvent.type(screen.getByRole('textbox'), 'kl')
    expect(live?.textContent).toBe('2 characters over the limit of 10')
  })
})
