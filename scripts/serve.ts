/**
 * `npm run serve`: builds the web app first when it is missing or older than its sources, so the
 * server works right after `npm install`, then runs the server CLI with the same arguments.
 */
import { main } from '../src/server/cli'
import { ensureWebAppBuilt } from './web-app'

const args = process.argv.slice(2)
if (!args.includes('--help') && !args.includes('-h')) await ensureWebAppBuilt()
await main(args)
