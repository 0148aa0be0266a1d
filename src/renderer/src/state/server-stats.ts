import { useCallback, useEffect, useState } from 'react'
import type { ServerStatsResponse } from '../../../shared/api-types'
import * as api from '../api/account'

/** How often the host's figures are read again while the Server page shows them. */
const REFRESH_MS = 30_000

/**
 * The host's server figures (ServerStatsPanel): read now and every 30 s while mounted;
 * the latest refusal as `error` (the figures read before stay), and `load` to try again.
 */
export function useServerStats(): {
  stats: ServerStatsResponse | null
  error: string | null
  load: () => Promise<void>
} {
  const [stats, setStats] = useState<ServerStatsResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    try {
      setStats(await api.getServerStats())
      setError(null)
    } catch (failure) {
      setError((failure as Error).message)
    }
  }, [])
  useEffect(() => {
    void load()
    const every = setInterval(() => void load(), REFRESH_MS)
    return () => clearInterval(every)
  }, [load])
  return { stats, error, load }
}
