/** Every route of the built app, signed in, opens from the address bar (deep-links.ts). */
import { testEveryRoute } from './deep-links'

testEveryRoute(true)
