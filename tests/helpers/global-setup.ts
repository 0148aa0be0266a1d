import { ensureBuilt } from '../../scripts/build-stale'

/**
 * Tests run the server that ships (`node out/server/cli.js`) and fetch the web app it serves:
 * build whichever of them is stale, once.
 */
export default async function setup(): Promise<void> {
  await ensureBuilt()
}
