import { useState } from 'react'
import { resolveMediaUrl } from '../lib/addresses'
import defaultAvatar from '../assets/default-avatar.svg'
import { PresenceDot } from './PresenceDot'

interface AvatarProps {
  src: string | null | undefined
  username: string
  size?: number
  className?: string
  /** Whose presence dot to draw on it; none when left out. */
  presenceOf?: string
}

/** A round user picture; a missing or broken one shows the default avatar. */
export function Avatar({ src, username, size = 40, className = '', presenceOf }: AvatarProps) {
  const resolved = resolveMediaUrl(src)
  const [failed, setFailed] = useState<string | null>(null)
  const url = resolved && failed !== resolved ? resolved : defaultAvatar
  const image = (
    <img
      className={`avatar ${className}`}
      src={url}
      alt={`${username}'s avatar`}
      width={size}
      height={size}
      style={{ width: size, height: size }}
      loading="lazy"
      onError={() => setFailed(resolved)}
    />
  )
  if (presenceOf === undefined) return image
  return (
    <span className="avatar-with-presence" style={{ width: size, height: size }}>
      {image}
      <PresenceDot userId={presenceOf} size={size >= 80 ? 'lg' : size <= 32 ? 'sm' : 'md'} />
    </span>
  )
}
