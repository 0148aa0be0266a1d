import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { LIMITS } from '../../../shared/limits'
import { CharCounter } from './CharCounter'

export interface ProfileFields {
  firstName: string
  lastName: string
  bio: string
}

interface ProfileEditorProps {
  initial: ProfileFields
  /** Resolves to null once the server accepted the change, else to why not. */
  onSubmit: (fields: ProfileFields) => Promise<string | null>
  onDirtyChange: (dirty: boolean) => void
}

/** Edit Profile: first name, last name and bio (what `POST /api/users/edit` takes besides the picture). */
export function ProfileEditor({ initial, onSubmit, onDirtyChange }: ProfileEditorProps) {
  const [fields, setFields] = useState(initial)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const bioRef = useRef<HTMLTextAreaElement>(null)
  const ids = { first: useId(), last: useId(), bio: useId(), error: useId() }
  const tooLong =
    fields.firstName.trim().length > LIMITS.nameMax ||
    fields.lastName.trim().length > LIMITS.nameMax ||
    fields.bio.trim().length > LIMITS.bioMax
  const dirty =
    fields.firstName.trim() !== initial.firstName.trim() ||
    fields.lastName.trim() !== initial.lastName.trim() ||
    fields.bio.trim() !== initial.bio.trim()

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])

  // The cursor goes after the existing bio, where one keeps writing.
  useEffect(() => {
    const area = bioRef.current
    if (area) {
      area.focus()
      area.setSelectionRange(area.value.length, area.value.length)
    }
  }, [])

  const set = (key: keyof ProfileFields) => (value: string) => {
    setFields((before) => ({ ...before, [key]: value }))
    setError(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (tooLong || pending) return
    setPending(true)
    const outcome = await onSubmit({
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      bio: fields.bio.trim(),
    })
    setPending(false)
    if (outcome) setError(outcome)
  }

  const nameField = (key: 'firstName' | 'lastName', id: string, label: string) => {
    const over = fields[key].trim().length > LIMITS.nameMax
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          dir="auto"
          value={fields[key]}
          autoComplete={key === 'firstName' ? 'given-name' : 'family-name'}
          aria-invalid={over || undefined}
          aria-describedby={over ? `${id}-error` : undefined}
          onChange={(event) => set(key)(event.target.value)}
        />
        {over ? (
          <span id={`${id}-error`} className="field-error">
            At most {LIMITS.nameMax} characters.
          </span>
        ) : null}
      </div>
    )
  }

  return (
    <form className="text-editor profile-editor" onSubmit={(event) => void submit(event)}>
      <div className="profile-editor-names">
        {nameField('firstName', ids.first, 'First name')}
        {nameField('lastName', ids.last, 'Last name')}
      </div>
      <div className="field">
        <label htmlFor={ids.bio}>Bio</label>
        <textarea
          id={ids.bio}
          dir="auto"
          ref={bioRef}
          rows={4}
          placeholder="Tell other players about yourself"
          value={fields.bio}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => set('bio')(event.target.value)}
        />
      </div>
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="text-editor-footer">
        <CharCounter length={fields.bio.trim().length} max={LIMITS.bioMax} />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={tooLong || pending}
          aria-busy={pending || undefined}
        >
          {pending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}
