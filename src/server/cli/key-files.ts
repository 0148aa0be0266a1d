/**
 * The key files the server command reads at start: the TLS certificate and key (`--tls-cert`,
 * `--tls-key`) and the shared secret of a cluster (`--secret-file` or its environment
 * variable). A bad file is a one-line StartError, never a failed start later.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { MIN_SECRET_BYTES, SECRET_ENV, StartError, type TlsCertificate } from '../server'

/**
 * Reads `--tls-cert` and `--tls-key` and checks that they belong together, so that a wrong file
 * is a one-line error at start rather than a failed handshake for every client.
 */
export function loadTlsCertificate(certFile: string, keyFile: string): TlsCertificate {
  const read = (flag: string, file: string): Buffer => {
    try {
      return readFileSync(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'a folder, not a file'
              : (error as Error).message
      throw new StartError(`Cannot read ${flag} ${file}: ${reason}.`)
    }
  }
  const cert = read('--tls-cert', certFile)
  const key = read('--tls-key', keyFile)
  let certificate: X509Certificate
  try {
    certificate = new X509Certificate(cert)
  } catch {
    throw new StartError(`--tls-cert ${certFile} is not a PEM certificate.`)
  }
  let privateKey
  try {
    privateKey = createPrivateKey(key)
  } catch {
    throw new StartError(`--tls-key ${keyFile} is not a PEM private key (without a passphrase).`)
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new StartError(`--tls-key ${keyFile} is not the key of the certificate in ${certFile}.`)
  }
  return { cert, key }
}

/**
 * The token secret a cluster's instances share: the bytes of `--secret-file` (a text file's
 * line ending aside, so that `openssl rand -base64 48 > file` works) or of GAMERSTAGE_SECRET;
 * undefined when neither is given. Too short, unreadable or both given is a StartError.
 */
export function loadSharedSecret(
  file: string | undefined,
  env: NodeJS.ProcessEnv,
): Uint8Array | undefined {
  const fromEnv = env[SECRET_ENV]
  if (file !== undefined && fromEnv !== undefined && fromEnv !== '') {
    throw new StartError(`Use --secret-file or ${SECRET_ENV}, not both.`)
  }
  let secret: Buffer
  let source: string
  if (file !== undefined) {
    try {
      secret = readFileSync(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'a folder, not a file'
              : (error as Error).message
      throw new StartError(`Cannot read --secret-file ${file}: ${reason}.`)
    }
    source = `--secret-file ${file}`
    // A text key's line ending is not part of it; a binary key is taken byte for byte.
    const text = secret.toString('utf8')
    if (/^[\x20-\x7e]+\r?\n?$/.test(text)) secret = Buffer.from(text.replace(/\r?\n$/, ''))
  } else if (fromEnv !== undefined && fromEnv !== '') {
    secret = Buffer.from(fromEnv, 'utf8')
    source = SECRET_ENV
  } else {
    return undefined
  }
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw new StartError(
      `${source} holds ${secret.byteLength} bytes: a token secret needs at least ${MIN_SECRET_BYTES} (e.g. openssl rand -base64 48).`,
    )
  }
  return new Uint8Array(secret)
}
