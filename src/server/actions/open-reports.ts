/**
 * The count of open reports, told to every host's streams after a report is filed or closed
 * (docs/API.md, "Live events", `open-reports`). Its own module: filing (reports.ts) and settling
 * (host.ts, comments.ts, message-reports.ts) both tell it, and neither imports the other for it.
 */
import * as hosting from '../services/reads/hosting'
import { countOpenReports } from '../services/reads/reports'
import type { Live } from './live'

export async function publishOpenReports(live: Live): Promise<void> {
  const openReports = await countOpenReports(live.db)
  for (const hostId of await hosting.allHostIds(live.db, live.hostIds)) {
    live.hub.publish('open-reports', { openReports }, { to: hostId })
  }
}
