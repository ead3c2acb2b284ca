-- Appends a change to a session's journal, only when the journal still has the length
-- the change was made on (optimistic concurrency), and keeps the session's keys alive.
-- KEYS: the session's hash, journal, events Stream and Idempotency-Key answers, its
-- customer token's key, the live and the seen sessions' sorted sets.
-- ARGV (CommitScriptCall): expected journal length, TTL in seconds ('' when the session
-- was not active: its keys keep the TTL they have), now (ms since 1970), id, events kept
-- in the Stream, the change channel, its message, customer seen ('1' or '0'), the entry
-- count, the answer count, then the entries, the (key, answer) pairs and the (seq, event)
-- pairs.
-- Returns 1 appended, 0 the journal grew meanwhile (nothing written), -1 no session.
local expected, ttl, now, id, eventsKept, channel, message, seen = unpack(ARGV, 1, 8)
local count, answerCount = tonumber(ARGV[9]), tonumber(ARGV[10])
local meta, journal, events, answers, tokenKey, live, seenSet = unpack(KEYS, 1, 7)
if not redis.call('HGET', meta, 'token') then return -1 end
if redis.call('LLEN', journal) ~= tonumber(expected) then return 0 end
local first = 11
for i = first, first + count - 1 do redis.call('RPUSH', journal, ARGV[i]) end
first = first + count
for i = first, first + 2 * answerCount - 1, 2 do redis.call('HSET', answers, ARGV[i], ARGV[i + 1]) end
for i = first + 2 * answerCount, #ARGV, 2 do
  redis.call('XADD', events, 'MAXLEN', eventsKept, ARGV[i] .. '-0', 'event', ARGV[i + 1])
end
if seen == '1' then
  redis.call('HSET', meta, 'seen', now)
  redis.call('ZADD', seenSet, now, id)
end
if ttl == '' then
  ttl = redis.call('PTTL', meta)
  if ttl < 1 then ttl = 1 end
else
  ttl = tonumber(ttl) * 1000
  redis.call('ZADD', live, now, id)
end
for _, key in ipairs({meta, journal, events, answers, tokenKey}) do redis.call('PEXPIRE', key, ttl) end
if count > 0 then redis.call('PUBLISH', channel, message) end
return 1
