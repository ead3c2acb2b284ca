-- Makes a session unless the live sessions reached the limit, or answers what an
-- Idempotency-Key kept when the key was used before.
-- KEYS: the session's hash, its customer token's key, the live sessions' sorted set, and
-- (only with an Idempotency-Key) the key's own.
-- ARGV (CreateScriptCall): configuration (JSON, '' for the default), customer token, id,
-- TTL (seconds), now (ms since 1970), limit, idle cutoff (ms since 1970), what the
-- Idempotency-Key keeps, the key's lifetime (seconds).
-- Returns 1 made, 0 full, or the text the Idempotency-Key kept.
local configuration, token, id, ttl, now, limit, cutoff, keeps, keyLifetime = unpack(ARGV, 1, 9)
local meta, tokenKey, live, createdKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
if createdKey then
  local kept = redis.call('GET', createdKey)
  if kept then return kept end
end
redis.call('ZREMRANGEBYSCORE', live, '-inf', cutoff)
if redis.call('ZCARD', live) >= tonumber(limit) then return 0 end
redis.call('HSET', meta, 'config', configuration, 'token', token)
redis.call('EXPIRE', meta, ttl)
redis.call('SET', tokenKey, id, 'EX', ttl)
redis.call('ZADD', live, now, id)
if createdKey then
  redis.call('SET', createdKey, keeps, 'EX', math.min(tonumber(keyLifetime), tonumber(ttl)))
  redis.call('HSET', meta, 'created', createdKey)
end
return 1
