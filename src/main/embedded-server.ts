import { join } from 'node:path'
import { startServer, type RunningServer } from '../server/server'

export interface EmbeddedServerPaths {
  /** app.getPath('userData'): the database and secret live in its `data` folder. */
  userData: string
  /** The built renderer, served by the embedded server at `/`. */
  rendererDir: string
  migrationsDir: string
  version: string
}

/**
 * Starts this computer's own server: loopback only, on a free port, with the data in the user's
 * app data folder. The window loads the renderer from it, so the UI and the API share an origin.
 */
export function startEmbeddedServer(paths: EmbeddedServerPaths): Promise<RunningServer> {
  return startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir: join(paths.userData, 'data'),
    rendererDir: paths.rendererDir,
    migrationsDir: paths.migrationsDir,
    version: paths.version,
  })
}
