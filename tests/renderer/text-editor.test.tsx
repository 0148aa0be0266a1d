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
