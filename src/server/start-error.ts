/** A failure to start that a person can act on; its message is one line, no stack trace. */
export class StartError extends Error {
  override name = 'StartError'
}
