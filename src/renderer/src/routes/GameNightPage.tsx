import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type {
  GameNight,
  GameNightAnswer,
  GameNightRsvpChoice,
} from '../../../shared/game-night-types'
import type { UserSummary } from '../../../shared/api-types'
import { Avatar } from '../components/Avatar'
import { CommentsCard } from '../components/CommentsCard'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { answerSummary, statusWord } from '../components/GameNightCard'
import { Icon } from '../components/Icon'
import { MessageGoingButton } from '../components/MessageGoingButton'
import { Spinner } from '../components/Spinner'
import { EmptyState, ErrorState } from '../components/States'
import { formatLength, formatNightTime, viewerTimeZone } from '../lib/game-night-time'
import { notifyFailure } from '../lib/notify'
import { gamePath, postPath, profilePath } from '../lib/paths'
import { useLiveResync } from '../lib/use-live-resync'
import { loadCommentsAtom } from '../state/comments'
import { GAME_NIGHT_COPY } from '../copy-game-nights'
import { saveCalendarFile, useGameNight } from '../state/game-nights'
import '../styles/game-nights.css'

const THREAD = GAME_NIGHT_COPY.thread

const CHOICES: [GameNightRsvpChoice, string][] = [
  ['going', 'Going'],
  ['maybe', 'Maybe'],
  ['cant', 'Can’t'],
]

/** What the viewer's own answer says, under the buttons. */
const ANSWER_TEXT: Record<GameNightAnswer, string> = {
  going: 'You are going.',
  maybe: 'You might come.',
  cant: 'You can’t come.',
  waiting: 'The slots are full: you are on the waiting list, and move up when a place frees.',
}

function People({ title, people }: { title: string; people: UserSummary[] }) {
  if (people.length === 0) return null
  return (
    <section className="game-night-people" aria-label={title}>
      <h3 className="game-night-people-title">
        {title} ({people.length})
      </h3>
      <ul>
        {people.map((person) => (
          <li key={person._id}>
            <Link to={profilePath(person.username)} className="game-night-person">
              <Avatar src={person.profileImg} username={person.username} size={28} />
              <span className="game-night-person-name">{person.username}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * `/game-nights/:id`: one game night. When (in the viewer's zone and language), what, where;
 * going / maybe / can't with the counts; who is going, maybe and waiting; the host's edit, close
 * and cancel. A night the viewer may not see is "not found", as the server answers it.
 */
export function GameNightPage() {
  const { gameNightId = '' } = useParams()
  const { load, retry, answer, setStatus } = useGameNight(gameNightId)
  if (load.status === 'loading') return <Spinner label="Loading the game night" />
  if (load.status === 'error') return <ErrorState message={load.message} onRetry={retry} />
  if (load.status === 'missing') {
    return (
      <section className="page-single" data-main-column aria-labelledby="night-title">
        <h1 id="night-title" className="page-title">
          Game night not found
        </h1>
        <EmptyState title="It may have been deleted, or it is not shown to you.">
          <Link to="/game-nights" className="btn btn-secondary">
            All game nights
          </Link>
        </EmptyState>
      </section>
    )
  }
  return <NightDetails night={load.night} answer={answer} setStatus={setStatus} />
}

function NightDetails({
  night,
  answer,
  setStatus,
}: {
  night: GameNight
  answer: (choice: GameNightRsvpChoice) => Promise<void>
  setStatus: ReturnType<typeof useGameNight>['setStatus']
}) {
  const [busy, setBusy] = useState(false)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const status = statusWord(night)
  const over = Date.parse(night.startsAt) + night.durationMinutes * 60_000 <= Date.now()
  const canAnswer = !night.isHost && night.status !== 'cancelled' && !over
  const run = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    try {
      await work()
    } catch (error) {
      notifyFailure(error)
    } finally {
      setBusy(false)
    }
  }
  const countOf = (choice: GameNightRsvpChoice) =>
    choice === 'going'
      ? night.counts.going
      : choice === 'maybe'
        ? night.counts.maybe
        : night.counts.cant
  const pressed = (choice: GameNightRsvpChoice) =>
    night.myAnswer === choice || (choice === 'going' && night.myAnswer === 'waiting')

  return (
    <section className="page-single game-night-page" data-main-column aria-labelledby="night-title">
      <article className="card game-night-detail">
        <p className="game-night-when-big">
          <Icon name="calendar" size={18} />{' '}
          <time dateTime={night.startsAt}>{formatNightTime(night.startsAt)}</time>
          <span className="muted"> · {formatLength(night.durationMinutes)}</span>
        </p>
        <h1 id="night-title" className="game-night-title">
          {night.title}
        </h1>
        {status ? <p className="game-night-status">{status}</p> : null}
        <dl className="game-night-facts">
          <dt>Game</dt>
          <dd>
            <Link to={gamePath(night.game.slug)}>{night.game.name}</Link>
          </dd>
          <dt>Where</dt>
          <dd>{night.place ?? 'Not said'}</dd>
          <dt>Host</dt>
          <dd>
            <Link to={profilePath(night.host.username)}>@{night.host.username}</Link>
          </dd>
          <dt>Answers</dt>
          <dd>{answerSummary(night)}</dd>
        </dl>
        <p className="muted game-nights-zone">Times are in your time zone ({viewerTimeZone()}).</p>
        {canAnswer ? (
          <div className="game-night-rsvp" role="group" aria-label="Your answer">
            {CHOICES.map(([choice, label]) => (
              <button
                key={choice}
                type="button"
                className={`btn ${pressed(choice) ? 'btn-primary' : 'btn-secondary'}`}
                aria-pressed={pressed(choice)}
                disabled={
                  busy || (choice === 'going' && night.status === 'closed' && !pressed(choice))
                }
                onClick={() => void run(() => answer(choice))}
              >
                {label} <span className="game-night-count">{countOf(choice)}</span>
              </button>
            ))}
          </div>
        ) : null}
        {night.myAnswer && !night.isHost ? (
          <p className="game-night-mine" role="status">
            {ANSWER_TEXT[night.myAnswer]}
          </p>
        ) : null}
        <div className="game-night-host-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void saveCalendarFile(night._id).catch(notifyFailure)}
          >
            <Icon name="download" size={16} /> Add to calendar (.ics)
          </button>
          <MessageGoingButton night={night} />
        </div>
        {night.isHost && night.status !== 'cancelled' && !over ? (
          <div className="game-night-host-actions">
            <Link
              to={`/game-nights/${encodeURIComponent(night._id)}/edit`}
              className="btn btn-secondary"
            >
              <Icon name="edit" size={16} /> Edit
            </Link>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() =>
                void run(() =>
                  setStatus(night.status === 'closed' ? 'open' : 'closed').then(() => undefined),
                )
              }
            >
              {night.status === 'closed' ? 'Reopen' : 'Close answers'}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => setConfirmCancel(true)}
            >
              Cancel the night
            </button>
          </div>
        ) : null}
      </article>
      <div className="card game-night-answers">
        <People title="Going" people={night.going} />
        <People title="Waiting list" people={night.waiting} />
        <People title="Maybe" people={night.maybe} />
      </div>
      <NightThread night={night} />
      {confirmCancel ? (
        <ConfirmDialog
          title="Cancel this game night?"
          text="Everyone who answered going, maybe or waiting is told. A cancelled night cannot be reopened."
          confirmLabel="Cancel the night"
          onConfirm={() => run(() => setStatus('cancelled').then(() => undefined))}
          onClose={() => setConfirmCancel(false)}
        />
      ) : null}
    </section>
  )
}

/**
 * The night's comments: those of its thread post (docs/API.md, "Game nights"), with every rule
 * and live event of a post's comments.
 */
function NightThread({ night }: { night: GameNight }) {
  const threadId = night.threadPostId
  const loadComments = useSetAtom(loadCommentsAtom)
  useEffect(() => {
    if (threadId !== null) void loadComments(threadId, { reset: true })
  }, [threadId, loadComments])
  useLiveResync(() => {
    if (threadId !== null) void loadComments(threadId, { reset: true })
  })
  if (threadId === null) {
    return <p className="card game-night-thread-gone muted">{THREAD.gone}</p>
  }
  return (
    <CommentsCard
      postId={threadId}
      postOwner={night.host.username}
      title={THREAD.title}
      intro={
        <p className="muted game-night-thread-lead">
          {THREAD.lead} <Link to={postPath(threadId)}>{THREAD.onPost}</Link>
        </p>
      }
    />
  )
}
