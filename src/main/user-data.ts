/**
 * A separate profile (its own data, settings and trusted servers) for tests and portable use.
 * In development and tests the GAMERSTAGE_USER_DATA environment variable names it. A packaged
 * app ignores the environment, which whatever launched it can set unseen and which would move
 * the person's data and trusted certificates: it takes only a `--user-data-dir=<folder>` given
 * on its own command line, in plain sight.
 */
export function chosenUserData(
  isPackaged: boolean,
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
): string | null {
  if (!isPackaged) return env.GAMERSTAGE_USER_DATA || null
  const flag = argv.find((arg) => arg.startsWith('--user-data-dir='))
  return flag?.slice('--user-data-dir='.length) || null
}
