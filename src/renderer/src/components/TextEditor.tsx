import { useState } from 'react'
import type { FormEvent } from 'react'
import { CharCounter, fitsLimit, isSubmitShortcut } from './CharCounter'

interface TextEditorProps {
  initial?: string
  placeholder: string
  max: number
  /** Smallest trimmed length allowed; 0 lets an empty text through (a bio). */
  min?: number
  submitLabel: string
  label: string
  rows?: number
  autoFocus?: boolean
  onSubmit: (text: string) => void
  /** Clear the text after a submit (the comment box); modals close instead. */
  resetOnSubmit?: boolean
  className?: string
}

/** A textarea with a character counter and a submit button disabled outside the limits. */
export function TextEditor({
  initial = '',
  placeholder,
  max,
  min = 1,
  submitLabel,
  label,
  rows = 4,
  autoFocus = false,
  onSubmit,
  resetOnSubmit = false,
  className = '',
}: TextEditorProps) {
  const [text, setText] = useState(initial)
  const valid = fitsLimit(text, max, min)

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!valid) return
    onSubmit(text.trim())
    if (resetOnSubmit) setText('')
  }

  return (
    <form className={`text-editor ${className}`} onSubmit={submit}>
      <textarea
        aria-label={label}
        placeholder={placeholder}
        value={text}
        rows={rows}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (isSubmitShortcut(event)) submit(event)
        }}
      />
      <div className="text-editor-footer">
        <CharCounter length={text.trim().length} max={max} />
        <button type="submit" className="btn btn-primary" disabled={!valid}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
