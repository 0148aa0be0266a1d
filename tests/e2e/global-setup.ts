import { ensureBuilt } from '../../scripts/build-stale'

/**
 * The workers' servers (fixtures.ts) serve the build that ships. `npm test` runs `npm run build`
 * first, so this finds it fresh; run alone, Playwright still gets a current build, built once
 * before any worker starts.
 */
export default async function globalSetup(): Promise<void> {
  await ensureBuilt()
}
