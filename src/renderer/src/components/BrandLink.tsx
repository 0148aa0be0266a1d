import type { MouseEvent } from 'react'
import { Link } from 'react-router-dom'
import { Icon } from './Icon'

/** The product name in a top bar, linking to `to` (home when signed in, login otherwise). */
export function BrandLink({
  to,
  label,
  onClick,
}: {
  to: string
  label: string
  onClick?: (event: MouseEvent) => void
}) {
  return (
    <Link to={to} className="brand" aria-label={label} onClick={onClick}>
      <span className="brand-mark" aria-hidden="true">
        <Icon name="gamepad" size={22} />
      </span>
      <span className="brand-name">Gamerstage</span>
    </Link>
  )
}
