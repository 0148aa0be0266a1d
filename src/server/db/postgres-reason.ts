/**
 * The driver's reason a PostgreSQL database could not be used, on one line: the innermost cause
 * (drizzle's migrator wraps the driver's error in a "Failed query" one). A refused connection
 * may come as an AggregateError (one error per address tried) with an empty message.
 */
export function postgresReason(error: unknown): string {
  let failure = error as Error & { code?: string; errors?: unknown[] }
  while (failure.cause instanceof Error) failure = failure.cause as typeof failure
  const first = failure.errors?.[0] as Error | undefined
  const reason = failure.message || first?.message || failure.code || String(failure)
  return reason.split('\n')[0]?.replace(/\.$/, '') ?? reason
}
