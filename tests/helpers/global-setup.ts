import { ensureWebAppBuilt } from '../../scripts/web-app'

/** Some server tests fetch the served web app (its headers): build it once if it is stale. */
export default async function setup(): Promise<void> {
  await ensureWebAppBuilt()
}
