import { useSetAtom } from 'jotai'
import { useEffect, useId, useState } from 'react'
import type { CSSProperties } from 'react'
import type { PostPoll } from '../../../shared/api-types'
import { COPY } from '../copy'
import { pollEnded, pollPercentages } from '../lib/polls'
import { useNow } from '../lib/ticker'
import { formatTimeLeft } from '../lib/time-left'
import { votePollAtom } from '../state/polls'
import { useServerFeature } from '../state/server-features'
import { Icon } from './Icon'

/** setTimeout's longest wait (about 24.8 days); polls run 7 days at most. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1

interface PollViewProps {
  postId: string
  poll: PostPoll
  /** The viewer wrote the post: they see the results from the start (and may vote too). */
  own: boolean
  /** Signed in: may vote. */
  canVote: boolean
}

/**
 * A post's poll (docs/API.md "Polls"): each option is a button, and one tap on it votes (the
 * author's too). A server of issue 44 (`poll-changes`) lets the vote move until the end, so the
 * options stay buttons after voting; an older one keeps the first vote, and the poll says so.
 * Before voting the results stay hidden unless asked for (as Mastodon), so that the first votes
 * do not steer the rest; the author sees them from the start. A click anywhere in the poll never
 * opens the post (PostCard's INTERACTIVE).
 */
export function PollView({ postId, poll, own, canVote }: PollViewProps) {
  // Fresh when the end changes (an edited poll), not only on the first render.
  const now = useNow(poll.endsAt)
  const vote = useSetAtom(votePollAtom)
  const changeable = useServerFeature('poll-changes')
  // The option tapped, marked at once while the server takes the vote.
  const [pending, setPending] = useState<string | null>(null)
  const [peek, setPeek] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const hintId = useId()
  // The screens' clock ticks once a minute; a 5-minute poll closes on time all the same.
  const [endReached, setEndReached] = useState<string | null>(null)
  useEffect(() => {
    const left = Date.parse(poll.endsAt) - Date.now()
    if (!(left > 0) || left > MAX_TIMEOUT_MS) return
    const timer = setTimeout(() => setEndReached(poll.endsAt), left + 50)
    return () => clearTimeout(timer)
  }, [poll.endsAt])
  const ended = pollEnded(poll, now) || endReached === poll.endsAt
  const voted = poll.ownVote !== null
  const showResults = ended || voted || own || peek || !canVote
  const open = canVote && !ended && (!voted || changeable)
  const chosen = pending ?? poll.ownVote
  const percents = pollPercentages(poll.options.map((option) => option.votes))

  const cast = async (optionId: string) => {
    if (pending || optionId === poll.ownVote) return
    setPending(optionId)
    setError(null)
    const outcome = await vote(postId, optionId)
    setPending(null)
    if (outcome) setError(outcome)
  }

  const hint =
    !canVote || ended ? null : voted ? COPY.poll.votedHint(changeable) : COPY.poll.tapHint

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

  return (
    <div className="poll" role="group" aria-label={COPY.poll.label}>
      <ul className={`poll-choices${showResults ? ' with-results' : ''}`}>
        {poll.options.map((option, index) => {
          const mine = option.id === chosen
          const percent = percents[index] ?? 0
          const className = `poll-choice${mine ? ' mine' : ''}${percent === 0 ? ' none' : ''}`
          const style = showResults ? ({ '--share': `${percent}%` } as CSSProperties) : undefined
          const inside = (
            <>
              <span className="poll-choice-text" dir="auto">
                {option.text}
                {mine ? (
                  <span className="poll-mine">
                    <Icon name="check" size={14} />
                    <span className="visually-hidden">, {COPY.poll.yourVote}</span>
                  </span>
                ) : null}
              </span>
              {showResults ? (
                <span className="poll-choice-share">
                  {percent}%
                  <span className="visually-hidden">, {COPY.poll.voters(option.votes)}</span>
                </span>
              ) : null}
            </>
          )
          return (
            <li key={option.id}>
              {open ? (
                <button
                  type="button"
                  className={className}
                  style={style}
                  aria-label={COPY.poll.choice(
                    option.text,
                    mine,
                    showResults ? { percent, votes: option.votes } : null,
                  )}
                  aria-pressed={mine}
                  aria-busy={pending === option.id || undefined}
                  aria-describedby={error ? errorId : hint ? hintId : undefined}
                  disabled={pending !== null}
                  onClick={() => void cast(option.id)}
                >
                  {inside}
                </button>
              ) : (
                <div className={`${className} closed`} style={style}>
                  {inside}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="poll-hint">
          {pending ? COPY.poll.voting : hint}
        </p>
      ) : null}
      {status}
    </div>
  )
}
