import { useId } from 'react'
import { LIMITS, type PollDurationMinutes } from '../../../shared/limits'
import type { PollInput } from '../api/polls'
import { COPY } from '../copy'
import { lengthToSend, offeredLength, pollLengths } from '../lib/poll-lengths'
import { useServerFeature } from '../state/server-features'
import { Icon } from './Icon'

/** A poll being written in the composer. */
export interface PollDraft {
  options: string[]
  durationMinutes: PollDurationMinutes
}

export const NEW_POLL: PollDraft = { options: ['', ''], durationMinutes: 1440 }

/** Each option's problem (null when fine), by the server's rules (docs/API.md "Polls"). */
export function pollOptionErrors(draft: PollDraft): (string | null)[] {
  const trimmed = draft.options.map((option) => option.trim())
  return trimmed.map((option, index) => {
    if (option === '') return COPY.poll.optionEmpty
    if (option.length > LIMITS.pollOptionMax) return COPY.poll.optionTooLong(LIMITS.pollOptionMax)
    const key = option.toLowerCase()
    if (trimmed.findIndex((other) => other.toLowerCase() === key) < index) {
      return COPY.poll.optionDuplicate
    }
    return null
  })
}

/**
 * The poll to send, or null while an option has a problem; its length as the server reads it
 * (`minutesSupported`: the server names `poll-changes`, lib/poll-lengths.ts).
 */
export function toPollInput(draft: PollDraft, minutesSupported: boolean): PollInput | null {
  if (pollOptionErrors(draft).some((error) => error !== null)) return null
  return {
    options: draft.options.map((option) => option.trim()),
    ...lengthToSend(draft.durationMinutes, minutesSupported),
  }
}

interface PollEditorProps {
  value: PollDraft
  onChange: (draft: PollDraft) => void
  onRemove: () => void
  /** Show empty options as errors too (after a submit); duplicates and lengths show at once. */
  showAll: boolean
}

/**
 * The composer's poll: 2–4 option fields, each removable past two, and the poll's length (from 5
 * minutes on a server that takes minutes, lib/poll-lengths.ts). Every
 * control is a native one (Tab, typing, arrow keys in the select), with its problem under it.
 */
export function PollEditor({ value, onChange, onRemove, showAll }: PollEditorProps) {
  const baseId = useId()
  const lengths = pollLengths(useServerFeature('poll-changes'))
  const errors = pollOptionErrors(value)
  const setOption = (index: number, text: string) =>
    onChange({ ...value, options: value.options.map((old, i) => (i === index ? text : old)) })
  const removeOption = (index: number) =>
    onChange({ ...value, options: value.options.filter((_, i) => i !== index) })

  return (
    <fieldset className="poll-editor">
      <legend className="poll-editor-legend">{COPY.poll.label}</legend>
      <ol className="poll-editor-options">
        {value.options.map((option, index) => {
          const id = `${baseId}-option-${index}`
          const error = errors[index]
          const shown = error && (showAll || error !== COPY.poll.optionEmpty) ? error : null
          return (
            <li key={index} className="poll-editor-option">
              <label className="visually-hidden" htmlFor={id}>
                {COPY.poll.option(index + 1)}
              </label>
              <div className="poll-editor-row">
                <input
                  id={id}
                  className="poll-editor-input"
                  value={option}
                  maxLength={LIMITS.pollOptionMax}
                  placeholder={COPY.poll.optionPlaceholder(index + 1)}
                  aria-invalid={shown ? true : undefined}
                  aria-describedby={shown ? `${id}-error` : undefined}
                  data-poll-option={index}
                  dir="auto"
                  onChange={(event) => setOption(index, event.target.value)}
                />
                {value.options.length > LIMITS.pollOptionsMin ? (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={COPY.poll.removeOption(index + 1)}
                    title={COPY.poll.removeOption(index + 1)}
                    onClick={() => removeOption(index)}
                  >
                    <Icon name="close" size={16} />
                  </button>
                ) : null}
              </div>
              {shown ? (
                <p id={`${id}-error`} className="field-error">
                  {shown}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
      <div className="poll-editor-footer">
        {value.options.length < LIMITS.pollOptionsMax ? (
          <button
            type="button"
            className="link-btn"
            onClick={() => onChange({ ...value, options: [...value.options, ''] })}
          >
            {COPY.poll.addOption}
          </button>
        ) : null}
        <label className="poll-editor-duration">
          <span>{COPY.poll.duration}</span>
          <select
            value={offeredLength(value.durationMinutes, lengths)}
            onChange={(event) =>
              onChange({
                ...value,
                durationMinutes: Number(event.target.value) as PollDurationMinutes,
              })
            }
          >
            {lengths.map((minutes) => (
              <option key={minutes} value={minutes}>
                {COPY.poll.durations[minutes]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="link-btn poll-editor-remove" onClick={onRemove}>
          {COPY.poll.removePoll}
        </button>
      </div>
    </fieldset>
  )
}
