import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { CSSProperties, FormEvent } from 'react'
import type { PostPoll } from '../../../shared/api-types'
import { COPY } from '../copy'
import { pollEnded, pollPercentages } from '../lib/polls'
import { useNow } from '../lib/ticker'
import { formatTimeLeft } from '../lib/time-left'
import { votePollAtom } from '../state/polls'
import { Icon } from './Icon'

interface PollViewProps {
  postId: string
  poll: PostPoll
  /** The viewer wrote the post: they see the results from the start. */
  own: boolean
  /** Signed in: may vote. */
  canVote: boolean
}

/**
 * A post's poll (docs/API.md "Polls"): radio buttons and a Vote button until the viewer voted or
 * the poll ended, then the results, the viewer's choice marked. Before voting the results stay
 * hidden unless asked for (as Mastodon), so that the first votes do not steer the rest.
 */
export function PollView({ postId, poll, own, canVote }: PollViewProps) {
  // Fresh when the end changes (an edited poll), not only on the first render.
  const now = useNow(poll.endsAt)
  const vote = useSetAtom(votePollAtom)
  const [choice, setChoice] = useState<string | null>(null)
  const [peek, setPeek] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = useId()
  const errorId = useId()
  const ended = pollEnded(poll, now)
  const voted = poll.ownVote !== null
  const showResults = ended || voted || own || peek || !canVote

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!choice || pending) return
    setPending(true)
    setError(null)
    const outcome = await vote(postId, choice)
    setPending(false)
    if (outcome) setError(outcome)
  }

  const status = (
    <p className="poll-status">
      <span>{COPY.poll.voters(poll.voterCount)}</span>
      <span aria-hidden="true"> · </span>
      <span>{ended ? COPY.poll.ended : formatTimeLeft(poll.endsAt, now)}</span>
      {!ended && !voted && !own && canVote ? (
        <>
          <span aria-hidden="true"> · </span>
          <button type="button" className="link-btn poll-peek" onClick={() => setPeek(!peek)}>
            {peek ? COPY.poll.hideResults : COPY.poll.showResults}
          </button>
        </>
      ) : null}
    </p>
  )

  if (showResults) {
    const percents = pollPercentages(poll.options.map((option) => option.votes))
    return (
      <div className="poll" role="group" aria-label={COPY.poll.label}>
        <ul className="poll-results">
          {poll.options.map((option, index) => {
            const mine = option.id === poll.ownVote
            const percent = percents[index] ?? 0
            return (
              <li
                key={option.id}
                className={`poll-result${mine ? ' mine' : ''}${percent === 0 ? ' none' : ''}`}
                style={{ '--share': `${percent}%` } as CSSProperties}
              >
                <span className="poll-result-text" dir="auto">
                  {option.text}
                  {mine ? (
                    <span className="poll-mine">
                      <Icon name="check" size={14} />
                      <span className="visually-hidden">, {COPY.poll.yourVote}</span>
                    </span>
                  ) : null}
                </span>
                <span className="poll-result-share">
                  {percent}%
                  <span className="visually-hidden">, {COPY.poll.voters(option.votes)}</span>
                </span>
              </li>
            )
          })}
        </ul>
        {status}
      </div>
    )
  }

  return (
    <form className="poll" aria-label={COPY.poll.label} onSubmit={(event) => void submit(event)}>
      <fieldset className="poll-options" aria-describedby={error ? errorId : undefined}>
        <legend className="visually-hidden">{COPY.poll.label}</legend>
        {poll.options.map((option) => (
          <label key={option.id} className={`poll-option${choice === option.id ? ' chosen' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={choice === option.id}
              onChange={() => setChoice(option.id)}
            />
            <span dir="auto">{option.text}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="poll-footer">
        <button
          type="submit"
          className="btn btn-secondary poll-vote"
          disabled={!choice || pending}
          aria-busy={pending || undefined}
        >
          {pending ? COPY.poll.voting : 'Vote'}
        </button>
        {status}
      </div>
    </form>
  )
}
