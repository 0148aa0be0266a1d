/**
 * The e2e servers' addresses. `E2E_PORT_BASE` moves both ports, so that two checkouts on one
 * machine can run their browser suites side by side.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4598)

/** The server started with --no-demo. */
export const EMPTY_PORT = base
/** The demo server (seeded). */
export const DEMO_PORT = base + 1

export const EMPTY_URL = `http://127.0.0.1:${EMPTY_PORT}`
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`
