/**
 * The Lua scripts of the home timelines a cluster shares in Redis (caches/redis-timelines.ts),
 * each one atomic change or read. ARGV[1] is always the key prefix (`<prefix>tl:`); the scripts
 * name their keys from it and the current epoch, so one script sees one epoch throughout (a
 * standalone Redis, which the cluster uses, allows that).
 *
 * Keys, under the prefix (E: the epoch, a random id in `epoch`; gone when Redis may have lost
 * what the lists rest on, and no list of an earlier epoch is read again):
 * - `epoch`, `gen`: the epoch; a count moved by every change of any list, which a build or a
 *   merge checks before it stores (one that began before a change is not kept).
 * - `E:l:<owner>`: the list, a sorted set: score the entry's time, member
 *   `<post id, 12 digits>:<reposter id, 12 digits; 0 for the post itself>:<author id>`, so that
 *   newest first (ZREVRANGE) is (time, post id, reposter) descending, as `before` sorts them.
 * - `E:m:<owner>`: the list's hash (`v`, and the floors `pf`, `rf` as `time:post:reposter`): the
 *   list exists while it does.
 * - `E:a:<owner>`: its authors (the owner and whom they follow); `E:g:<owner>`: those followed
 *   since, whose entries are merged in at the next read.
 * - `E:by:<user>`: the owners whose lists take the user's posts and reposts (a new post reaches
 *   exactly those); `E:rp:<post>`: `<owner>:<reposter>` for each repost of the post put in a
 *   list (a deleted post leaves those too).
 * - `E:owners`: every list by the time it was built, so that there are never more than a bound
 *   (the oldest go first).
 * A list's four keys expire together (PEXPIREAT at the hash's time); an index lives at least as
 * long as any list it names (PEXPIRE by the whole life whenever a list is named in it).
 */

/** What every script shares: key names, places, putting an entry in, trimming. */
const COMMON = `
local P = ARGV[1]
local function k(e, kind, id) return P .. e .. ':' .. kind .. ':' .. id end
local function epoch() return redis.call('GET', P .. 'epoch') end
local function gen() return redis.call('GET', P .. 'gen') or '0' end
local function changed() redis.call('INCR', P .. 'gen') end
local function place(text)
  local t, p, r = string.match(text, '^(%d+):(%d+):(%d+)$')
  return { tonumber(t), tonumber(p), tonumber(r) }
end
local function entry(member, score)
  local p, r, a = string.match(member, '^(%d+):(%d+):(%d+)$')
  return { tonumber(score), tonumber(p), tonumber(r) }, tonumber(a)
end
local function before(a, b)
  for i = 1, 3 do
    if a[i] ~= b[i] then
      if a[i] < b[i] then return -1 end
      return 1
    end
  end
  return 0
end
local function text(pl) return string.format('%d:%d:%d', pl[1], pl[2], pl[3]) end
local function sameLife(key, m) redis.call('PEXPIREAT', key, redis.call('PEXPIRETIME', m)) end
local function put(e, o, score, member, ttl)
  local l = k(e, 'l', o)
  if redis.call('ZADD', l, 'NX', score, member) == 0 then return false end
  if redis.call('PTTL', l) == -1 then sameLife(l, k(e, 'm', o)) end
  local p, r = string.match(member, '^(%d+):(%d+):')
  if tonumber(r) ~= 0 then
    local rp = k(e, 'rp', tonumber(p))
    redis.call('SADD', rp, o .. ':' .. tonumber(r))
    redis.call('PEXPIRE', rp, ttl)
  end
  return true
end
local function trim(e, o, length)
  local l = k(e, 'l', o)
  local n = redis.call('ZCARD', l)
  if n <= length + length / 4 then return end
  local cut = redis.call('ZREVRANGE', l, length, -1)
  local kept = redis.call('ZREVRANGE', l, length - 1, length - 1, 'WITHSCORES')
  redis.call('ZREMRANGEBYRANK', l, 0, n - length - 1)
  local last = entry(kept[1], kept[2])
  local m = k(e, 'm', o)
  local posts, reposts = false, false
  for _, member in ipairs(cut) do
    local pl = entry(member, 0)
    if pl[3] == 0 then posts = true else reposts = true end
  end
  local function rise(field)
    local floor = redis.call('HGET', m, field)
    if not floor or before(place(floor), last) <= 0 then redis.call('HSET', m, field, text(last)) end
  end
  if posts then rise('pf') end
  if reposts then rise('rf') end
end
local function listOf(e, o, g)
  local floors = redis.call('HMGET', k(e, 'm', o), 'pf', 'rf')
  return { e, g, floors[1] or '', floors[2] or '', redis.call('SMEMBERS', k(e, 'a', o)),
    redis.call('SMEMBERS', k(e, 'g', o)), redis.call('ZREVRANGE', k(e, 'l', o), 0, -1, 'WITHSCORES') }
end
`

/** ARGV: prefix, owner. Answers the list (listOf), or `{epoch or '', gen}` when it is missing. */
export const READ_SCRIPT = `${COMMON}
local e = epoch()
if not e or redis.call('EXISTS', k(e, 'm', ARGV[2])) == 0 then return { e or '', gen() } end
return listOf(e, ARGV[2], gen())
`

/**
 * A list built from the database, kept if the epoch and the count are those read before the build
 * (an epoch is begun, `ARGV[5]`, if there was none and still is none); the lists built longest
 * ago go past `ARGV[7]` lists. ARGV: prefix, owner, epoch and count read, a new epoch's id, life
 * (ms), how many lists at most, floors of posts and reposts ('' for none), how many authors, the
 * authors, then score and member of each entry. Answers 1 when kept.
 */
export const STORE_SCRIPT = `${COMMON}
local o, ttl = ARGV[2], tonumber(ARGV[6])
if gen() ~= ARGV[4] then return 0 end
local e = epoch()
if not e then
  if ARGV[3] ~= '' then return 0 end
  e = ARGV[5]
  redis.call('SET', P .. 'epoch', e)
elseif e ~= ARGV[3] then
  return 0
end
local l, m, a, g = k(e, 'l', o), k(e, 'm', o), k(e, 'a', o), k(e, 'g', o)
redis.call('DEL', l, m, a, g)
local owners, now = P .. e .. ':owners', redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', owners, '-inf', ms - ttl)
redis.call('ZREM', owners, o)
local extra = redis.call('ZCARD', owners) + 1 - tonumber(ARGV[7])
if extra > 0 then
  for _, old in ipairs(redis.call('ZRANGE', owners, 0, extra - 1)) do
    redis.call('DEL', k(e, 'l', old), k(e, 'm', old), k(e, 'a', old), k(e, 'g', old))
  end
  redis.call('ZREMRANGEBYRANK', owners, 0, extra - 1)
end
redis.call('ZADD', owners, ms, o)
redis.call('PEXPIRE', owners, ttl)
redis.call('HSET', m, 'v', '1')
if ARGV[8] ~= '' then redis.call('HSET', m, 'pf', ARGV[8]) end
if ARGV[9] ~= '' then redis.call('HSET', m, 'rf', ARGV[9]) end
redis.call('PEXPIRE', m, ttl)
local n = tonumber(ARGV[10])
for i = 11, 10 + n do
  redis.call('SADD', a, ARGV[i])
  local by = k(e, 'by', ARGV[i])
  redis.call('SADD', by, o)
  redis.call('PEXPIRE', by, ttl)
end
sameLife(a, m)
for i = 11 + n, #ARGV, 2 do put(e, o, ARGV[i], ARGV[i + 1], ttl) end
return 1
`

/**
 * A new post or repost, into the lists of those who follow its author (reposter), unless older
 * than the list's floor of its kind; trimmed. ARGV: prefix, life, length, author (reposter),
 * score, member. Answers how many lists took it.
 */
export const ADDED_SCRIPT = `${COMMON}
changed()
local e = epoch()
if not e then return 0 end
local ttl, length, by = tonumber(ARGV[2]), tonumber(ARGV[3]), k(e, 'by', ARGV[4])
local score, member = ARGV[5], ARGV[6]
local pl = entry(member, score)
local field = 'rf'
if pl[3] == 0 then field = 'pf' end
local count = 0
for _, o in ipairs(redis.call('SMEMBERS', by)) do
  local m = k(e, 'm', o)
  if redis.call('EXISTS', m) == 0 then
    redis.call('SREM', by, o)
  else
    local floor = redis.call('HGET', m, field)
    if (not floor or before(pl, place(floor)) >= 0) and put(e, o, score, member, ttl) then
      trim(e, o, length)
      count = count + 1
    end
  end
end
return count
`

/**
 * A deleted post (with every repost of it), or one repost taken back. ARGV: prefix, post id,
 * author id, reposter id ('' for the post's deletion). Answers how many entries left.
 */
export const REMOVED_SCRIPT = `${COMMON}
changed()
local e = epoch()
if not e then return 0 end
local post, author, reposter = ARGV[2], ARGV[3], ARGV[4]
local count = 0
local function drop(o, r)
  local member = string.format('%012d:%012d:%s', tonumber(post), tonumber(r), author)
  count = count + redis.call('ZREM', k(e, 'l', o), member)
end
local rp = k(e, 'rp', post)
if reposter ~= '' then
  for _, o in ipairs(redis.call('SMEMBERS', k(e, 'by', reposter))) do
    drop(o, reposter)
    redis.call('SREM', rp, o .. ':' .. reposter)
  end
  return count
end
for _, o in ipairs(redis.call('SMEMBERS', k(e, 'by', author))) do drop(o, 0) end
for _, held in ipairs(redis.call('SMEMBERS', rp)) do
  local o, r = string.match(held, '^(%d+):(%d+)$')
  drop(o, r)
end
redis.call('DEL', rp)
return count
`

/**
 * A follow began ('1': the followee's entries are merged in at the owner's next read) or ended
 * (they leave the list). ARGV: prefix, life, follower, followee, '1' or '0'.
 */
export const FOLLOWED_SCRIPT = `${COMMON}
changed()
local e = epoch()
if not e then return 0 end
local ttl, o, f = tonumber(ARGV[2]), ARGV[3], ARGV[4]
local m, a, g, by = k(e, 'm', o), k(e, 'a', o), k(e, 'g', o), k(e, 'by', f)
if ARGV[5] == '1' then
  if o == f or redis.call('EXISTS', m) == 0 or redis.call('SADD', a, f) == 0 then return 0 end
  redis.call('SADD', g, f)
  sameLife(g, m)
  redis.call('SADD', by, o)
  redis.call('PEXPIRE', by, ttl)
  return 1
end
if o == f then return 0 end
redis.call('SREM', by, o)
if redis.call('EXISTS', m) == 0 then return 0 end
redis.call('SREM', a, f)
redis.call('SREM', g, f)
local l, followee = k(e, 'l', o), tonumber(f)
for _, member in ipairs(redis.call('ZRANGE', l, 0, -1)) do
  local pl, author = entry(member, 0)
  if pl[3] == followee or (pl[3] == 0 and author == followee) then redis.call('ZREM', l, member) end
end
return 1
`

/**
 * Merges what was read of the players followed since (their entries, each kind whole down to its
 * floor) into the list, if the epoch and the count are those read before; else the list goes
 * (the next read builds it). ARGV: prefix, owner, epoch and count read, life, length, the read's
 * floors of posts and reposts, then score and member of each entry read. Answers the list
 * (listOf), or `{epoch or '', gen}` when it went.
 */
export const MERGE_SCRIPT = `${COMMON}
local o, ttl, length = ARGV[2], tonumber(ARGV[5]), tonumber(ARGV[6])
local e = epoch()
if not e or e ~= ARGV[3] or redis.call('EXISTS', k(e, 'm', o)) == 0 then
  return { e or '', gen() }
end
local l, m, a, g = k(e, 'l', o), k(e, 'm', o), k(e, 'a', o), k(e, 'g', o)
if gen() ~= ARGV[4] then
  redis.call('DEL', l, m, a, g)
  return { e, gen() }
end
for i = 9, #ARGV, 2 do put(e, o, ARGV[i], ARGV[i + 1], ttl) end
local function newer(field, read)
  if read == '' then return end
  local kept = redis.call('HGET', m, field)
  if not kept or before(place(kept), place(read)) < 0 then redis.call('HSET', m, field, read) end
end
newer('pf', ARGV[7])
newer('rf', ARGV[8])
local floors = redis.call('HMGET', m, 'pf', 'rf')
local pf, rf = floors[1] and place(floors[1]), floors[2] and place(floors[2])
local all = redis.call('ZRANGE', l, 0, -1, 'WITHSCORES')
for i = 1, #all, 2 do
  local pl = entry(all[i], all[i + 1])
  local floor = rf
  if pl[3] == 0 then floor = pf end
  if floor and before(pl, floor) < 0 then redis.call('ZREM', l, all[i]) end
end
trim(e, o, length)
redis.call('DEL', g)
return listOf(e, o, gen())
`
