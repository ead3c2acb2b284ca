-- Reads a session: nothing is written.
-- KEYS: the session's hash, its journal, its Idempotency-Key answers, the live sessions'
-- sorted set.
-- ARGV (LoadScriptCall): the first journal entry wanted (0-based), id, an Idempotency-Key
-- ('' for none).
-- Returns false when there is no such session, else {journal length, configuration,
-- customer token, customer last seen (ms since 1970, '' never), the journal's entries from
-- the first wanted on, the key's answer ('' none), last activity (ms since 1970)}.
local from, id, answerKey = unpack(ARGV, 1, 3)
local meta, journal, answers, live = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local fields = redis.call('HMGET', meta, 'config', 'token', 'seen')
local token = fields[2]
if not token then return false end
local answer = ''
if answerKey ~= '' then answer = redis.call('HGET', answers, answerKey) or '' end
return {redis.call('LLEN', journal), fields[1] or '', token, fields[3] or '',
  redis.call('LRANGE', journal, from, -1), answer, redis.call('ZSCORE', live, id) or ''}
