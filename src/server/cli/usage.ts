/**
 * The server command's help text (`npm run serve -- --help`): every flag, grouped as the
 * parsers in cli/ and cli.ts read them.
 */
import { defaultDataDir } from '../data/data-dir'
import { DEFAULT_EVENT_HUB_OPTIONS } from '../events/hub'
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits'
import { DEFAULT_CONNECTION_LIMITS, MIN_SECRET_BYTES, SECRET_ENV } from '../server'
import { OBSERVABILITY_USAGE } from '../observability/flags'

export const USAGE = `Usage: npm run serve -- [options]
  --port <n>      port to listen on (default 4567; 0 picks a free one)
  --host <addr>   address to listen on (default 127.0.0.1; 0.0.0.0 shares on the LAN)
  --data <dir>    data folder: the SQLite database and the key sessions are signed with; only
                  the key with --database (default: ${defaultDataDir()})
  --database <url>  keep the data in PostgreSQL instead of the data folder's SQLite file:
                  postgres://user:password@host:5432/name (or postgresql://…). The password
                  may come from PGPASSWORD instead; the schema is created or updated at start
  --redis <url>   share live events, rate limits and the login throttle with the other
                  instances of a cluster through this Redis: redis://host:6379 (or
                  rediss://…); needs --secret-file or ${SECRET_ENV}
  --secret-file <file>  sign sessions with the key in this file (at least ${MIN_SECRET_BYTES} bytes), the
                  same for every instance, instead of the data folder's own; or give the
                  key in the environment variable ${SECRET_ENV}
  --s3-endpoint <url>  keep uploaded images in an S3-compatible bucket instead of the
                  database (with --s3-bucket): the server's address, e.g. http://127.0.0.1:9000;
                  path-style requests. The key comes from AWS_ACCESS_KEY_ID and
                  AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN, if set)
  --s3-bucket <name>   the bucket, which must exist (with --s3-endpoint)
  --s3-region <name>   the bucket's region (default AWS_REGION, else us-east-1)
  --no-demo       start a fresh data folder empty, without the demo data and account
  --advertise     announce the server on the LAN (DNS-SD _gamerstage._tcp), so that friends'
                  apps list it; needs --host 0.0.0.0 or a LAN address (default off)
  --name <text>   the name it is announced under (default "<computer>'s Gamerstage")
  --allow-host <name>  also answer requests addressed to this host name (repeatable);
                  loopback and this machine's own addresses are always answered
  --trust-proxy <addr>    a reverse proxy's IP address (repeatable, or comma-separated): requests
                  from it are counted under the client its X-Forwarded-For names (default none)
  --tls-cert <file>       speak HTTPS with this PEM certificate (with --tls-key)
  --tls-key <file>        the certificate's PEM private key (with --tls-cert)
  --plain-http    on a LAN --host, speak plain HTTP instead of HTTPS with the server's own
                  certificate: anyone on the network can then read passwords and sessions
  --limit-signups <n>     sign-ups per computer per hour (default ${DEFAULT_RATE_LIMITS.signupsPerHour})
  --limit-logins <n>      login attempts per computer per minute (default ${DEFAULT_RATE_LIMITS.loginsPerMinute})
  --limit-posts <n>       posts per user per hour (default ${DEFAULT_RATE_LIMITS.postsPerHour})
  --limit-comments <n>    comments per user per hour (default ${DEFAULT_RATE_LIMITS.commentsPerHour})
  --limit-messages <n>    conversation messages per user per hour (default ${DEFAULT_RATE_LIMITS.messagesPerHour})
  --limit-typing <n>      "typing…" signals per user per hour (default ${DEFAULT_RATE_LIMITS.typingPerHour})
  --limit-reactions <n>   likes and votes per user per hour (default ${DEFAULT_RATE_LIMITS.reactionsPerHour})
  --limit-follows <n>     follows and unfollows per user per hour (default ${DEFAULT_RATE_LIMITS.followsPerHour})
  --limit-drafts <n>      draft saves per user per hour (default ${DEFAULT_RATE_LIMITS.draftsPerHour})
  --limit-uploads <n>     image uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadsPerHour})
  --limit-upload-mb <n>   megabytes of uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadMegabytesPerHour})
  --limit-whole-lists <n> whole-list answers under way at once per computer, mutations' whole
                  answers included (default ${DEFAULT_RATE_LIMITS.wholeListsAtOnce})
                  (0 turns one limit off)
  --no-rate-limits        turn every per-hour limit off
  --max-connections <n>   open connections at most, live streams included (default ${DEFAULT_CONNECTION_LIMITS.maxConnections})
  --max-connections-per-address <n>  open connections from one address at most (default half
                  of --max-connections, ${DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress}; or GAMERSTAGE_MAX_CONNECTIONS_PER_ADDRESS)
  --first-byte-timeout <s>  seconds a new connection has to send its first byte (default
                  ${DEFAULT_CONNECTION_LIMITS.firstByteTimeoutMs / 1000}; or GAMERSTAGE_FIRST_BYTE_TIMEOUT)
  --max-streams <n>       open live streams at most, below --max-connections (default ${DEFAULT_EVENT_HUB_OPTIONS.maxStreams})
  --headers-timeout <s>   seconds a client has to send a request's headers (default ${DEFAULT_CONNECTION_LIMITS.headersTimeoutMs / 1000})
  --request-timeout <s>   seconds a client has to send a whole request (default ${DEFAULT_CONNECTION_LIMITS.requestTimeoutMs / 1000})
  --keep-alive-timeout <s>  seconds an idle connection stays open (default ${DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs / 1000})
  --backup <file> copy the community into a new file, then exit: the data folder's database,
                  or --database's, with every image and clip (from the bucket, given
                  the server's --s3-… flags); safe while servers run on it
  --restore <file> replace the community with a backup, then exit (checked first; into
                  --database and the bucket when given; every session ends: restart
                  every server running on it)
  --move-to <url>  move the data folder's SQLite community into a new, empty PostgreSQL
                  database (postgres://user:password@host:5432/name), then exit: every table,
                  id, image and count, in one transaction, checked at the end. The SQLite
                  file is left as it was; sessions survive when the server on PostgreSQL
                  runs with the same --data (its secret.key). Stop the server first
  --admin <name>  an account that hosts this server: deletes any post or comment, suspends
                  accounts, reads reports (repeat for more than one). A name nobody has yet
                  gets an account now, with a one-time password printed once
${OBSERVABILITY_USAGE}
  --help          show this help`
