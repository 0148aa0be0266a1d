import { useState } from 'react'
import { resolveMediaUrl } from '../api/client'
import defaultAvatar from '../assets/default-avatar.svg'

interface AvatarProps {
  src: string | null | undefined
  username: string
  size?: number
  className?: string
}

/** A round user picture; a missing or broken one shows the default avatar. */
export function Avatar({ src, username, size = 40, className = '' }: AvatarProps) {
  const resolved = resolveMediaUrl(src)
  const [failed, setFailed] = useState<string | null>(null)
  const url = resolved && failed !== resolved ? resolved : defaultAvatar
  return (
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
}
