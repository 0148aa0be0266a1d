import type { ReactNode } from 'react'
import type { IconName } from './Icon'
import { ServerCard } from './ServerCard'
import { Spinner } from './Spinner'

interface SwitchCardProps {
  /** The title's id, which labels the card. */
  id: string
  icon: IconName
  title: string
  hint: string
  /** Said above the switch, loaded or not. */
  intro?: ReactNode
  /** The switch's label (its accessible name). */
  label: string
  /** The setting; null while it loads (a spinner, or the error if loading failed). */
  checked: boolean | null
  /** A change is under way: the switch waits. */
  busy: boolean
  /** The last failure, shown under the card's content. */
  error: string | null
  onChange: (checked: boolean) => void
  /**
   * Beside the switch, in one row that wraps (a Pause button). When given, null included, the
   * switch sits in that row.
   */
  beside?: ReactNode
  /** Under the switch once loaded: what it does now. */
  children?: ReactNode
}

/**
 * An Account page card around one on/off setting (Appear offline, game detection): the switch
 * once the setting is loaded, a spinner until then, and what went wrong.
 */
export function SwitchCard({
  id,
  icon,
  title,
  hint,
  intro,
  label,
  checked,
  busy,
  error,
  onChange,
  beside,
  children,
}: SwitchCardProps) {
  const failure = error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null
  const toggle =
    checked === null ? null : (
      <label className="toggle">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={busy}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="toggle-track" aria-hidden="true" />
        <span>{label}</span>
      </label>
    )
  return (
    <ServerCard id={id} icon={icon} title={title} hint={hint}>
      {intro}
      {checked === null ? (
        (failure ?? <Spinner label={title} />)
      ) : (
        <>
          {beside === undefined ? (
            toggle
          ) : (
            <div className="switch-card-row">
              {toggle}
              {beside}
            </div>
          )}
          {children}
          {failure}
        </>
      )}
    </ServerCard>
  )
}
