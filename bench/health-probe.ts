/**
 * `/api/health` asked every 50 ms from a process of its own, as a player elsewhere would ask it.
 * The stream bench's own process parses every event of thousands of streams; a probe inside it
 * waits for that work too, so its times are the bench's as much as the server's. Run by
 * `probeHealthApart` (stream-scale.ts) with `fork`; told the phase and asked to stop by messages.
 */
const url = process.argv[2] ?? ''
const times: Record<string, number[]> = {}
let phase = 'connecting'
let running = true

process.on('message', (message: { phase?: string; stop?: boolean }) => {
  if (message.phase) phase = message.phase
  if (message.stop) running = false
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function probe(): Promise<void> {
  while (running) {
    const started = performance.now()
    try {
      const response = await fetch(`${url}/api/health`)
      await response.arrayBuffer()
    } catch {
      // A refused probe counts as its time, as a player would wait it.
    }
    ;(times[phase] ??= []).push(performance.now() - started)
    await sleep(50)
  }
  process.send?.({ times }, () => process.exit(0))
}

void probe()
