import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useState } from 'react'
import type { Game } from '../../../shared/api-types'
import { cleanGameName, GAME_LIMITS, gameNameProblem } from '../../../shared/games'
import { COPY } from '../copy'
import { GAME_HOST_COPY } from '../copy-games'
import { messageOf, notifySuccess } from '../lib/notify'
import { isHostAtom, loadIsHostAtom } from '../state/account'
import { changeGameAtom } from '../state/moderation'
import { ConfirmDialog } from './ConfirmDialog'
import { GamePicker, type PickedGame } from './GamePicker'
import { Icon } from './Icon'
import { Modal } from './Modal'

type Step =
  | { kind: 'rename' }
  | { kind: 'confirm-rename'; name: string }
  | { kind: 'merge' }
  | { kind: 'confirm-merge'; into: PickedGame }

/**
 * A host's tools on a game's page: rename the game, or merge it into another (docs/API.md,
 * "Games"). Each asks first in a form, then confirms what follows; both land in the audit list.
 * Shown to hosts only; the server refuses everyone else anyway (HOST_ONLY).
 */
export function GameHostControls({
  game,
  onChanged,
}: {
  game: Game
  /** The game as it is now (renamed, or the one it was merged into). */
  onChanged: (game: Game) => void
}) {
  const isHost = useAtomValue(isHostAtom)
  const loadIsHost = useSetAtom(loadIsHostAtom)
  const changeGame = useSetAtom(changeGameAtom)
  const [step, setStep] = useState<Step | null>(null)
  const [name, setName] = useState(game.name)
  const [into, setInto] = useState<PickedGame[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()

  useEffect(() => {
    if (isHost === null) void loadIsHost()
  }, [isHost, loadIsHost])
  if (!isHost) return null

  const close = () => {
    setStep(null)
    setProblem(null)
  }
  const run = async (
    change: { rename: string } | { into: string },
    done: (game: Game) => string,
  ) => {
    try {
      const changed = await changeGame(game.slug, change)
      notifySuccess(done(changed))
      onChanged(changed)
    } catch (error) {
      setProblem(messageOf(error))
      throw error
    }
  }

  return (
    <div className="game-host card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="game-host-title">
        <Icon name="shield" size={16} /> {GAME_HOST_COPY.hostTitle}
      </h2>
      <div className="game-host-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            setName(game.name)
            setProblem(null)
            setStep({ kind: 'rename' })
          }}
        >
          <Icon name="edit" size={14} /> {GAME_HOST_COPY.rename}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            setInto([])
            setProblem(null)
            setStep({ kind: 'merge' })
          }}
        >
          {GAME_HOST_COPY.merge}
        </button>
      </div>
      {problem && step === null ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}

      {step?.kind === 'rename' ? (
        <Modal title={GAME_HOST_COPY.rename} onClose={close}>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              const wrong = gameNameProblem(name)
              if (wrong) {
                setProblem(wrong)
                return
              }
              setStep({ kind: 'confirm-rename', name: cleanGameName(name) })
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-name`}>{GAME_HOST_COPY.renameLabel}</label>
              <input
                id={`${id}-name`}
                type="text"
                value={name}
                maxLength={GAME_LIMITS.nameMax + 20}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-name-error` : undefined}
                autoFocus
                onChange={(event) => {
                  setName(event.target.value)
                  setProblem(null)
                }}
              />
              {problem ? (
                <p id={`${id}-name-error`} className="field-error" role="alert">
                  {problem}
                </p>
              ) : null}
            </div>
            <div className="modal-actions">
              <button type="button" className="btn btn-secondary" onClick={close}>
                {COPY.games.cancel}
              </button>
              <button
                type="submit"
                className="btn btn-primary"
                disabled={cleanGameName(name) === game.name}
              >
                {GAME_HOST_COPY.rename}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
      {step?.kind === 'confirm-rename' ? (
        <ConfirmDialog
          title={GAME_HOST_COPY.renameTitle(game.name)}
          text={GAME_HOST_COPY.renameText(game.name, step.name)}
          confirmLabel={GAME_HOST_COPY.rename}
          danger={false}
          onConfirm={() =>
            run({ rename: step.name }, (renamed) => GAME_HOST_COPY.renamed(renamed.name)).catch(
              () => undefined,
            )
          }
          onClose={() => setStep(null)}
        />
      ) : null}

      {step?.kind === 'merge' ? (
        <Modal title={GAME_HOST_COPY.merge} onClose={close}>
          <GamePicker
            value={into}
            onChange={(games) => {
              setInto(games)
              setProblem(null)
            }}
            label={GAME_HOST_COPY.mergeLabel}
            max={1}
            allowNew={false}
          />
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              {COPY.games.cancel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={into.length === 0}
              onClick={() => {
                const target = into[0]
                if (!target) return
                if (target.slug === game.slug) {
                  setProblem(GAME_HOST_COPY.mergeSame)
                  return
                }
                setStep({ kind: 'confirm-merge', into: target })
              }}
            >
              {GAME_HOST_COPY.merge}
            </button>
          </div>
        </Modal>
      ) : null}
      {step?.kind === 'confirm-merge' ? (
        <ConfirmDialog
          title={GAME_HOST_COPY.mergeTitle(game.name, step.into.name)}
          text={GAME_HOST_COPY.mergeText(game.name, step.into.name)}
          confirmLabel={GAME_HOST_COPY.mergeConfirm}
          onConfirm={() =>
            run({ into: step.into.slug }, (merged) => GAME_HOST_COPY.merged(merged.name)).catch(
              () => undefined,
            )
          }
          onClose={() => setStep(null)}
        />
      ) : null}
    </div>
  )
}
