import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState } from 'react'
import type { Game } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { GAME_COVER_COPY } from '../copy-games'
import { messageOf, notifySuccess } from '../lib/notify'
import { isHostAtom, loadIsHostAtom } from '../state/account'
import { gameCovers } from '../state/game-covers'
import { ConfirmDialog } from './ConfirmDialog'

/** What the server takes as a cover (docs/API.md, "Games"); it reads the bytes, not this type. */
const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** What is wrong with a picked file before anything is sent, or null. */
function fileProblem(file: File): string | null {
  if (!COVER_TYPES.includes(file.type)) return GAME_COVER_COPY.notAnImage(file.name)
  if (file.size > LIMITS.imageBytes) return GAME_COVER_COPY.tooLarge(file.name)
  return null
}

/**
 * A game page's cover buttons: "Add a cover" for any player while the game has none, "Change
 * cover" and "Remove cover" for hosts (the server refuses everyone else anyway). The upload's
 * progress shows under them; a refusal is said there, and the picked file is kept so that
 * "Try again" sends it again without picking it anew.
 */
export function GameCoverControls({
  game,
  onChanged,
}: {
  game: Game
  onChanged: (game: Game) => void
}) {
  const isHost = useAtomValue(isHostAtom)
  const loadIsHost = useSetAtom(loadIsHostAtom)
  const fileRef = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [failedFile, setFailedFile] = useState<File | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const id = useId()

  useEffect(() => {
    if (isHost === null) void loadIsHost()
  }, [isHost, loadIsHost])

  const hasCover = game.coverUrl !== null
  if (hasCover && !isHost) return null

  const send = async (file: File) => {
    const wrong = fileProblem(file)
    setProblem(wrong)
    setFailedFile(null)
    if (wrong) return
    setProgress(0)
    try {
      const changed = await gameCovers.upload(game.slug, file, setProgress)
      notifySuccess(hasCover ? GAME_COVER_COPY.changed : GAME_COVER_COPY.added)
      onChanged(changed)
    } catch (error) {
      setProblem(messageOf(error))
      setFailedFile(file)
    } finally {
      setProgress(null)
    }
  }

  const busy = progress !== null
  return (
    <div className="game-cover-controls">
      <div className="game-cover-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onClick={() => fileRef.current?.click()}
        >
          {hasCover ? GAME_COVER_COPY.change : GAME_COVER_COPY.add}
        </button>
        {hasCover ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => {
              setProblem(null)
              setConfirmRemove(true)
            }}
          >
            {GAME_COVER_COPY.remove}
          </button>
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept={COVER_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={GAME_COVER_COPY.fileLabel}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void send(file)
          }}
        />
      </div>
      <p id={`${id}-hint`} className="muted game-cover-hint">
        {hasCover ? GAME_COVER_COPY.hint : GAME_COVER_COPY.hintFirst}
      </p>
      {busy ? (
        <div className="game-cover-progress" role="status">
          <progress value={progress} max={1} aria-label={GAME_COVER_COPY.fileLabel} />
          <span>{GAME_COVER_COPY.uploading(Math.round(progress * 100))}</span>
        </div>
      ) : null}
      {problem && !busy ? (
        <div className="game-cover-problem">
          <p className="field-error" role="alert">
            {problem}
          </p>
          {failedFile ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void send(failedFile)}
            >
              {GAME_COVER_COPY.tryAgain}
            </button>
          ) : null}
        </div>
      ) : null}
      {confirmRemove ? (
        <ConfirmDialog
          title={GAME_COVER_COPY.removeTitle(game.name)}
          text={GAME_COVER_COPY.removeText}
          confirmLabel={GAME_COVER_COPY.remove}
          onConfirm={async () => {
            try {
              onChanged(await gameCovers.remove(game.slug))
              notifySuccess(GAME_COVER_COPY.removed)
            } catch (error) {
              setProblem(messageOf(error))
            }
          }}
          onClose={() => setConfirmRemove(false)}
        />
      ) : null}
    </div>
  )
}
