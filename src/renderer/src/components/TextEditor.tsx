import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, ReactNode, Ref } from 'react'
import { clearDraft, readDraft, writeDraft } from '../lib/drafts'
import { useDownloadedDraft } from '../lib/use-downloaded-draft'
import { CharCounter, fitsLimit, isSubmitShortcut } from './CharCounter'
import { SPEC_TEXT } from '../copy'
import { useAutocomplete } from './Autocomplete'
import { EmojiButton } from './emoji/EmojiButton'
import { insertAtCaret } from '../lib/insert-text'

/** What a submit handler answers: null (or nothing) when the server accepted, else why not. */
export type SubmitOutcome = string | null | undefined

interface TextEditorProps {
  initial?: string
  placeholder: string
  max: number
  /** Smallest trimmed length allowed; 0 lets an empty text through (a bio). */
  min?: number
  submitLabel: string
  /** Shown on the button while the server has not answered, e.g. "Posting…". */
  pendingLabel?: string
  label: string
  rows?: number
  autoFocus?: boolean
  /**
   * Sends the text. The editor keeps the text (and says why) until this resolves to null, so a
   * refused or failed send loses nothing.
   */
  onSubmit: (text: string) => SubmitOutcome | Promise<SubmitOutcome>
  /** Clear the text after an accepted submit (the comment box); modals close instead. */
  resetOnSubmit?: boolean
  /** localStorage key (lib/drafts.ts) that keeps the unsent text across closing and reloads. */
  draftKey?: string
  /** Told whether the text differs from what the editor started with. */
  onDirtyChange?: (dirty: boolean) => void
  /** Lets a submit through with fewer than `min` characters (a post that is images alone). */
  allowEmpty?: boolean
  /** Holds the submit back (images still uploading). */
  blocked?: boolean
  /** Extra controls between the text and the footer (attachments). */
  children?: ReactNode
  /** Extra buttons in the footer, before the submit button. */
  footerStart?: ReactNode
  textareaRef?: Ref<HTMLTextAreaElement>
  className?: string
}

/**
 * A textarea with a character counter and a submit button disabled outside the limits. Its text
 * survives a failed send and, with `draftKey`, closing and reloading.
 */
export function TextEditor({
  initial = '',
  placeholder,
  max,
  min = 1,
  submitLabel,
  pendingLabel,
  label,
  rows = 4,
  autoFocus = false,
  onSubmit,
  resetOnSubmit = false,
  draftKey,
  onDirtyChange,
  allowEmpty = false,
  blocked = false,
  children,
  footerStart,
  textareaRef,
  className = '',
}: TextEditorProps) {
  const [text, setText] = useState(() => (draftKey ? readDraft(draftKey) : '') || initial)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ownRef = useRef<HTMLTextAreaElement | null>(null)
  const errorId = useId()
  const valid = allowEmpty ? text.trim().length <= max : fitsLimit(text, max, min)
  const dirty = text.trim() !== initial.trim() && text.trim() !== ''

  const onDirtyRef = useRef(onDirtyChange)
  useEffect(() => {
    onDirtyRef.current = onDirtyChange
  })
  useEffect(() => {
    onDirtyRef.current?.(dirty)
  }, [dirty])

  // Editing starts with the cursor after the existing text, not before it.
  useEffect(() => {
    const area = ownRef.current
    if (autoFocus && area) {
      area.focus()
      area.setSelectionRange(area.value.length, area.value.length)
    }
  }, [autoFocus])

  // A draft written on another device arrives (state/draft-sync.ts) while this editor is open:
  // shown, unless something was typed here since it opened.
  const typedRef = useRef(false)
  useDownloadedDraft(draftKey, (key) => {
    if (!typedRef.current) setText(readDraft(key))
  })

  const change = (value: string) => {
    typedRef.current = true
    setText(value)
    if (error) setError(null)
    if (draftKey) writeDraft(draftKey, value)
  }
  // @ and # suggestions (components/Autocomplete.tsx).
  const autocomplete = useAutocomplete({ textareaRef: ownRef, text, setText: change })

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!valid || pending || blocked) return
    setPending(true)
    setError(null)
    let outcome: SubmitOutcome = null
    try {
      outcome = await onSubmit(text.trim())
    } catch (caught) {
      outcome = caught instanceof Error ? caught.message : SPEC_TEXT.somethingWentWrong
    }
    setPending(false)
    if (outcome) {
      setError(outcome)
      ownRef.current?.focus()
      return
    }
    if (draftKey) clearDraft(draftKey)
    if (resetOnSubmit) {
      setText('')
      ownRef.current?.focus()
    }
  }

  const setRefs = (node: HTMLTextAreaElement | null) => {
    ownRef.current = node
    if (typeof textareaRef === 'function') textareaRef(node)
    else if (textareaRef) textareaRef.current = node
  }

  return (
    <form className={`text-editor ${className}`} onSubmit={(event) => void submit(event)}>
      <div className="autocomplete-anchor">
        <textarea
          {...autocomplete.textareaProps}
          ref={setRefs}
          dir="auto"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          value={text}
          rows={rows}
          onChange={(event) => {
            change(event.target.value)
            autocomplete.onChangeCaret()
          }}
          onKeyDown={(event) => {
            autocomplete.onKeyDown(event)
            if (event.defaultPrevented) return
            if (isSubmitShortcut(event)) void submit(event)
          }}
        />
        {autocomplete.list}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
      <div className="text-editor-footer">
        <CharCounter length={text.trim().length} max={max} />
        <div className="text-editor-actions">
          <EmojiButton onPick={(emoji) => change(insertAtCaret(ownRef.current, text, emoji))} />
          {footerStart}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!valid || pending || blocked}
            aria-busy={pending || undefined}
          >
            {pending ? (pendingLabel ?? submitLabel) : submitLabel}
          </button>
        </div>
      </div>
    </form>
  )
}
