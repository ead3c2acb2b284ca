#!/usr/bin/env bash
# The seeds' checkout, as a merchant's app would run it against `render-cli serve`, with
# nothing but curl (and sed): connect, cart, sign-up, cart update, address, payment
# completed, close.
#
#   RENDER_API_KEY=… examples/merchant-checkout.sh [BASE_URL]    # default http://127.0.0.1:8080
#
# It prints the customer's URL and waits for the customer to open it and answer each
# form. With PLAY_CUSTOMER=1 it plays the customer too (with curl: it opens the page and
# posts each form with the page's request token), so it runs unattended (scripts/test).
# ROUTING_KEY (default till-1) is the key a load balancer routes the session by.
# A request that gets no answer, 502, 503 or 504 (a server restarting, the store
# failing over) is sent again after a second, up to 10 times; each POST carries an
# Idempotency-Key, so a call sent again is applied once.
set -euo pipefail
base=${1:-http://127.0.0.1:8080}
key=${RENDER_API_KEY:?set RENDER_API_KEY to the merchant API key of the server}
here=$(cd "$(dirname "$0")" && pwd)
auth="Authorization: Bearer $key"

# JSON member "name" of a pretty-printed answer (string or number).
member() { sed -n "s/^ *\"$1\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p" | head -n 1; }

body=$(mktemp)
trap 'rm -f "$body"' EXIT

api() { # METHOD PATH [BODY]: prints the answer; any status but 2xx stops the script
  local status idempotency=()
  [ "$1" = POST ] && idempotency=(-H "Idempotency-Key: $(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')")
  for _ in $(seq 10); do
    status=$(curl -sS -o "$body" -w '%{http_code}' -X "$1" -H "$auth" -H 'Content-Type: application/json' \
      "${idempotency[@]}" ${3:+--data-binary "$3"} "$base$2" 2>/dev/null) || status=000
    case "$status" in
    000 | 502 | 503 | 504) sleep 1 ;;
    *) break ;;
    esac
  done
  if [ "${status:0:1}" != 2 ]; then
    echo "merchant: $1 $2 answered $status: $(cat "$body")" >&2
    exit 1
  fi
  cat "$body"
}

call() { api POST "/v1/sessions/$id/calls" "$1" >/dev/null; echo "merchant: $2"; }

seq=0
# Long-polls the session's events until one matches the pattern; prints that event.
wait_for() {
  local events
  while true; do
    events=$(api GET "/v1/sessions/$id/events?after=$seq&wait=25")
    local last
    last=$(printf '%s\n' "$events" | sed -n 's/^ *"seq": \([0-9]*\),$/\1/p' | tail -n 1)
    [ -n "$last" ] && seq=$last
    if printf '%s\n' "$events" | grep -Eq "$1"; then
      printf '%s\n' "$events"
      return
    fi
  done
}

customer() { # the customer, when played: GET the page, or POST the open form with its token
  [ "${PLAY_CUSTOMER:-}" = 1 ] || return 0
  if [ $# -eq 0 ]; then
    curl -sS -o /dev/null "$base$url"
    return
  fi
  local token status
  for _ in $(seq 10); do # as a customer would: the form again until the post is taken
    status=$(curl -sS -o "$body" -w '%{http_code}' "$base$url" 2>/dev/null) || status=000
    if [ "$status" != 200 ]; then
      sleep 1
      continue
    fi
    token=$(sed -n 's/.*name="token" value="\([^"]*\)".*/\1/p' "$body")
    [ -n "$token" ] || return 0 # no form open: answered already
    status=$(curl -sS -o /dev/null -w '%{http_code}' -H 'Content-Type: application/x-www-form-urlencoded' \
      --data-binary "token=$token&$1&action=share" "$base$url" 2>/dev/null) || status=000
    [ "$status" = 303 ] && return
    sleep 1
  done
}

session=$(api POST "/v1/sessions?routingKey=${ROUTING_KEY:-till-1}" "$(cat "$here/session.json")")
id=$(printf '%s\n' "$session" | member id)
url=$(printf '%s\n' "$session" | member customerURL)
echo "merchant: session $id; the customer opens $base$url"

customer
wait_for '"event": "ready"' >/dev/null
echo "merchant: the customer is connected"

call '{"call": "updateShoppingCart", "cart": {"items": [{"id": "HRSP-M-UN-11-001", "name": "Hair Spray", "quantity": 1, "totalPrice": 5.00, "descriptions": ["Unscented, 11 oz"]}], "summary": {"summaryLines": [{"label": "Subtotal", "value": 5.00}], "total": 5.00}}}' \
  "cart: Hair Spray x1"

call '{"call": "requestSignup", "purpose": "membership", "fields": ["emailAddress", "phoneNumber"], "emailConsent": "visible", "smsConsent": "visible", "termsAndConditions": "**Terms and Conditions**\n\nYour terms, in Markdown."}' \
  "sign-up form sent"
customer 'name=Zo%C3%AB+Martin&emailAddress=zoe%40example.com&emailOptInSelection=true'
echo "merchant: sign-up answered:"
wait_for '"response"|"declined"'

call '{"call": "updateShoppingCart", "cart": {"items": [{"id": "HRSP-M-UN-11-001", "name": "Hair Spray", "quantity": 4, "totalPrice": 20.00, "totalAdjustedPrice": 15.00, "descriptions": ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"]}], "summary": {"summaryLines": [{"label": "Subtotal", "value": 15.00}, {"label": "Shipping", "value": "Free"}, {"label": "Tax", "value": "10%"}], "total": 16.50}}}' \
  "cart: Hair Spray x4, one free"

call '{"call": "requestAddress", "purpose": "shipping", "fields": ["emailAddress", "phoneNumber"]}' "address form sent"
customer 'name=Zo%C3%AB+Martin&street=1+Infinite+Loop&city=Cupertino&state=CA&postalCode=95014&country=US&emailAddress=zoe%40example.com&phoneNumber=%2B14085550100'
echo "merchant: address answered:"
wait_for '"response"|"declined"'

call '{"call": "updateStatus", "status": "paymentCompleted"}' "status: payment completed"
call '{"call": "close"}' "closed"
customer
api DELETE "/v1/sessions/$id" >/dev/null
echo "merchant: session forgotten"
