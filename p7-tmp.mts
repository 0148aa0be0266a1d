import { runClipBench, formatClipBench } from '/work/wt-clips/bench/clip-bench'
import { DEMO_ACCOUNT } from '/work/wt-clips/src/server/services/seed'
const url = 'http://127.0.0.1:8774'
const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNT) })
const { encodedToken } = await login.json() as any
try { console.log(formatClipBench(await runClipBench({ url, token: encodedToken, seconds: 10, voidMB: 49 }))) } catch (e) { console.log(e) }
