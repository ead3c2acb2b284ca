-- Removes a session and every key it has, and announces it.
-- KEYS: the session's hash, journal, events Stream and Idempotency-Key answers, its
-- customer token's key, the live and the seen sessions' sorted sets, and (only when the
-- session was made with one) its Idempotency-Key's own, as the hash named them when read.
-- ARGV (DeleteScriptCall): id, the change channel.
-- Returns 1 removed, 0 no session.
local id, channel = unpack(ARGV, 1, 2)
local meta, journal, events, answers, tokenKey, live, seenSet, createdKey = unpack(KEYS, 1, 8)
if not redis.call('HGET', meta, 'token') then return 0 end
redis.call('DEL', meta, journal, events, answers, tokenKey)
if createdKey then redis.call('DEL', createdKey) end
redis.call('ZREM', live, id)
redis.call('ZREM', seenSet, id)
redis.call('PUBLISH', channel, id)
return 1
