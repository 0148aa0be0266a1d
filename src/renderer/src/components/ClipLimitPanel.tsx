/**
 * The host's clip size limit on the Server page: the largest video a player
 * can post, in whole megabytes. A change lands in the audit list ("set the clip size limit to").
 */
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { COPY } from '../copy'
import { messageOf, notifySuccess } from '../lib/notify'
import { useClipLimit } from '../state/moderation'
import { Icon } from './Icon'
import { ServerCard } from './ServerCard'
import { Spinner } from './Spinner'

const MB = 1024 * 1024

export function ClipLimitPanel() {
  const inputId = useId()
  const [value, setValue] = useState('')
  // The box shows each limit read or saved.
  const { limit, loadError, load, save } = useClipLimit((answer) =>
    setValue(String(answer.maxBytes / MB)),
  )
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!limit) return
    const megabytes = Number(value.trim())
    const min = limit.minBytes / MB
    const max = limit.limitBytes / MB
    if (!Number.isInteger(megabytes) || megabytes < min || megabytes > max) {
      setFieldError(`Type a whole number of megabytes from ${min} to ${max}.`)
      return
    }
    setFieldError(null)
    setSaving(true)
    try {
      const answer = await save(megabytes * MB)
      notifySuccess(COPY.clips.limitSaved(`${answer.maxBytes / MB} MB`))
    } catch (caught) {
      setFieldError(messageOf(caught))
    } finally {
      setSaving(false)
    }
  }

  return (
    <ServerCard
      id="clip-limit-title"
      icon="play"
      title={COPY.clips.limitTitle}
      hint={COPY.clips.limitHint}
    >
      {loadError ? (
        <div className="reports-error" role="alert">
          <p className="field-error">{loadError}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            <Icon name="refresh" size={16} /> Retry
          </button>
        </div>
      ) : !limit ? (
        <Spinner label="Loading the clip size limit" />
      ) : (
        <form className="field host-make-form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={inputId}>{COPY.clips.limitLabel}</label>
          <div className="host-make-row">
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={limit.minBytes / MB}
              max={limit.limitBytes / MB}
              step={1}
              value={value}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${inputId}-error` : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
              {COPY.clips.limitSave}
            </button>
          </div>
          {fieldError ? (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {fieldError}
            </p>
          ) : null}
        </form>
      )}
    </ServerCard>
  )
}
