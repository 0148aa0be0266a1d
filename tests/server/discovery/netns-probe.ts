/**
 * Run by netns.test.ts inside a network namespace of its own (only a loopback interface, with
 * multicast switched on there): the real multicast-dns transport, advertiser and browser find
 * each other, then the goodbye removes the server. Prints one JSON line.
 */
import {
  startLanAdvertiser,
  startLanBrowser,
  type FoundServer,
} from '../../../src/server/discovery'
import { multicastTransport } from '../../../src/server/discovery/transport'

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
}

const browserTransport = multicastTransport({ interfaceAddress: '127.0.0.1' })
const advertiserTransport = multicastTransport({ interfaceAddress: '127.0.0.1' })
let servers: FoundServer[] = []
const browser = startLanBrowser({
  transport: browserTransport,
  onChange: (list) => (servers = list),
  queryEveryMs: 500,
  // The namespace has only loopback: the app itself never lists a sender on 127.0.0.0/8.
  acceptLoopback: true,
})
const advertiser = startLanAdvertiser({
  name: "player1's Gamerstage",
  port: 4567,
  version: '0.1.0-netns',
  transport: advertiserTransport,
  addresses: ['127.0.0.1'],
})
await waitFor(() => servers.length > 0, 5000)
const found = servers
advertiser.stop()
await waitFor(() => servers.length === 0, 5000)
const afterGoodbye = servers
browser.stop()
browserTransport.destroy()
advertiserTransport.destroy()
console.log(JSON.stringify({ found, afterGoodbye }))
