import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import type { DayCount } from '../../../shared/api-types'
import { isHostAtom } from '../state/account'
import { isLoggedInAtom } from '../state/auth'
import { useServerStats } from '../state/server-stats'
import { Icon } from './Icon'
import { Spinner } from './Spinner'
import '../styles/server-page.css'

/** The chart library comes with the charts, never in the first load (DayChart.tsx). */
const DayChart = lazy(() => import('./DayChart'))

const number = new Intl.NumberFormat()

function bytes(count: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = count
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`
}

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${minutes} min`
  return `${minutes} min`
}

const total = (days: DayCount[]) => days.reduce((sum, entry) => sum + entry.count, 0)

/**
 * The host's view of the server: who is on, how busy it was the last 30 days, what
 * its images and clips take, and what runs. Read again every 30 s while shown; hosts only.
 */
export function ServerStatsPanel() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const isHost = useAtomValue(isHostAtom)
  if (!loggedIn || !isHost) return null
  return <ServerStats />
}

function ServerStats() {
  const { stats, error, load } = useServerStats()

  return (
    <section className="card server-card server-stats" aria-labelledby="server-stats-title">
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name="server" size={20} />
        </span>
        <div>
          <h2 id="server-stats-title">How the server is doing</h2>
          <p className="muted small">Members, activity over the last 30 days, and storage.</p>
        </div>
      </header>
      {error ? (
        <div className="reports-error" role="alert">
          <p className="field-error">{error}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            <Icon name="refresh" size={16} /> Retry
          </button>
        </div>
      ) : null}
      {stats === null ? (
        error ? null : (
          <Spinner label="Reading the server's figures" />
        )
      ) : (
        <>
          <dl className="server-figures" data-testid="server-figures">
            <Figure label="Members" value={number.format(stats.members)} />
            <Figure label="Online now" value={number.format(stats.onlineNow)} />
            <Figure
              label="Images"
              value={number.format(stats.images.count)}
              detail={bytes(stats.images.bytes)}
            />
            <Figure
              label="Clips"
              value={number.format(stats.clips.count)}
              detail={bytes(stats.clips.bytes)}
            />
            <Figure label="Up for" value={duration(stats.uptimeSeconds)} />
            <Figure
              label="Database"
              value={stats.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}
              detail={`${stats.instances} ${stats.instances === 1 ? 'instance' : 'instances'}`}
            />
          </dl>
          <div className="server-charts">
            <Chart title="Posts per day" days={stats.postsPerDay} />
            <Chart title="Comments per day" days={stats.commentsPerDay} />
            <Chart title="Active players per day" days={stats.activePlayersPerDay} />
          </div>
          <p className="muted small">Version {stats.version}</p>
        </>
      )}
    </section>
  )
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="server-figure">
      <dt className="muted small">{label}</dt>
      <dd>
        <strong>{value}</strong>
        {detail ? <span className="muted small"> {detail}</span> : null}
      </dd>
    </div>
  )
}

function Chart({ title, days }: { title: string; days: DayCount[] }) {
  return (
    <figure className="server-chart">
      <figcaption>
        <span>{title}</span>
        <span className="muted small">{number.format(total(days))} in 30 days</span>
      </figcaption>
      <Suspense fallback={<div className="day-chart day-chart-loading" />}>
        <DayChart label={title} days={days} />
      </Suspense>
    </figure>
  )
}
