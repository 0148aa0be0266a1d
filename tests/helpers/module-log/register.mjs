// `node --import <this file>`: logs every module the process loads (tests/server/startup/start-loads.test.ts).
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url, { data: { file: process.env.GAMERSTAGE_MODULE_LOG } })
