#!/bin/sh
# Interop of hush.so with Debian's own programs over loopback (127.0.0.1
# only; every command bounded by a timeout; every server started here is
# stopped here, by its process id):
#   1. openssl s_server with the hush configuration, a stock openssl
#      s_client (the system configuration, no hush), TLS 1.3, each suite
#   2. the reverse: a stock s_server, s_client with the hush configuration
#   3. nginx with OPENSSL_CONF naming the hush configuration, serving a
#      file that a stock curl fetches over TLS 1.3, its digest checked
# all on group X25519 with an ECDSA P-256 certificate.
#
# With HUSH_PROVIDER_FAIL=1 in the environment the hush side of every
# connection is started with it, and every connection must fail: the test
# then shows that the successes above were hush's doing.
#
# Usage: check_interop.sh HUSH_CNF NETWAIT SCRATCH_DIR [nginx]
set -eu
cnf=$(realpath "$1") netwait=$(realpath "$2") dir=$(realpath -m "$3")
with_nginx=${4:-}
failing=0
[ "${HUSH_PROVIDER_FAIL:-}" = 1 ] && failing=1
unset HUSH_PROVIDER_FAIL OPENSSL_CONF # set per command below

passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
# command prefixes: the hush side (its configuration, and the force-fail
# switch when asked for) and the stock side (the system configuration)
hush_env="env OPENSSL_CONF=$cnf"
[ $failing = 1 ] && hush_env="$hush_env HUSH_PROVIDER_FAIL=1"
stock_env="env"

pids=""
stop_all() {
  for p in $pids; do kill "$p" 2>/dev/null || true; done
  for p in $pids; do wait "$p" 2>/dev/null || true; done
  pids=""
}
trap stop_all EXIT INT TERM

rm -rf "$dir"; mkdir -p "$dir"; cd "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
  -keyout key.pem -out cert.pem -days 2 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 >/dev/null 2>&1

suites="TLS_AES_128_GCM_SHA256 TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256"

# Starts s_server (with the command prefix $2) on a kernel-chosen port and
# sets $port from its ACCEPT line.
start_s_server() {
  suite=$1 prefix=$2
  rm -f srv.log
  timeout 30 $prefix openssl s_server -accept 127.0.0.1:0 -cert cert.pem \
    -key key.pem -tls1_3 -ciphersuites "$suite" -groups X25519 -www \
    -naccept 1 >srv.log 2>&1 &
  pids="$pids $!"
  port=""
  for _ in $(seq 100); do
    port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' srv.log)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ]
}

# One GET through s_client (with the command prefix $2); 0 if the page
# came back over TLS 1.3 with $suite and an X25519 key exchange.
s_client_get() {
  suite=$1 prefix=$2
  printf 'GET / HTTP/1.0\r\n\r\n' |
    timeout 20 $prefix openssl s_client -connect "127.0.0.1:$port" \
      -servername localhost -CAfile cert.pem -verify_return_error \
      -tls1_3 -ciphersuites "$suite" -groups X25519 -ign_eof >cli.log 2>&1 ||
    true
  grep -q "^New, TLSv1.3, Cipher is $suite" cli.log &&
    grep -q '^Server Temp Key: X25519' cli.log &&
    grep -q '^HTTP/1.0 200 ok' cli.log
}

for suite in $suites; do
  # 1. hush serves, stock client
  if start_s_server "$suite" "$hush_env"; then
    if s_client_get "$suite" "$stock_env"; then
      [ $failing = 0 ] && ok || bad "hush s_server answered $suite with HUSH_PROVIDER_FAIL=1"
    else
      [ $failing = 1 ] && ok || { bad "stock s_client -> hush s_server, $suite"; cat cli.log srv.log >&2; }
    fi
  else
    bad "hush s_server did not start ($suite)"; cat srv.log >&2
  fi
  stop_all
  # 2. stock server, hush client
  if start_s_server "$suite" "$stock_env"; then
    if s_client_get "$suite" "$hush_env"; then
      [ $failing = 0 ] && ok || bad "hush s_client connected ($suite) with HUSH_PROVIDER_FAIL=1"
    else
      [ $failing = 1 ] && ok || { bad "hush s_client -> stock s_server, $suite"; cat cli.log srv.log >&2; }
    fi
  else
    bad "stock s_server did not start ($suite)"; cat srv.log >&2
  fi
  stop_all
done

# 3. nginx with the hush configuration, curl without it
if [ "$with_nginx" = nginx ]; then
  mkdir -p www tmp
  head -c 3000000 /dev/urandom > www/file
  want=$(sha256sum < www/file | cut -d' ' -f1)
  started=0
  for attempt in 1 2 3 4 5; do
    # a port free a moment ago; if another program takes it first, nginx
    # cannot bind it and the next attempt takes another
    port=$("$netwait" free)
    cat > nginx.conf <<EOF
daemon off;
master_process off;
worker_processes 1;
error_log stderr notice;
pid $dir/nginx.pid;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  server {
    listen 127.0.0.1:$port ssl;
    server_name localhost;
    ssl_certificate $dir/cert.pem;
    ssl_certificate_key $dir/key.pem;
    ssl_protocols TLSv1.3;
    ssl_ecdh_curve X25519;
    root $dir/www;
  }
}
EOF
    timeout 120 $hush_env nginx -p "$dir" -c "$dir/nginx.conf" -e stderr \
      >nginx.log 2>&1 &
    npid=$!
    pids="$pids $npid"
    if "$netwait" wait "$port" 10; then started=1; break; fi
    stop_all
    grep -q 'Address already in use' nginx.log || break
  done
  if [ $started = 1 ]; then
    for suite in $suites; do
      rm -f got
      if timeout 30 curl -sS -v --tlsv1.3 --tls13-ciphers "$suite" \
           --cacert cert.pem --resolve "localhost:$port:127.0.0.1" \
           "https://localhost:$port/file" -o got 2>curl.log &&
         [ "$(sha256sum < got | cut -d' ' -f1)" = "$want" ] &&
         grep -q "SSL connection using TLSv1.3 / $suite" curl.log; then
        [ $failing = 0 ] && ok || bad "nginx served $suite with HUSH_PROVIDER_FAIL=1"
      else
        [ $failing = 1 ] && ok || { bad "curl -> nginx, $suite"; cat curl.log nginx.log >&2; }
      fi
    done
  else
    bad "nginx did not start"; cat nginx.log >&2
  fi
  stop_all
fi

echo "interop${with_nginx:+ (with nginx)}${failing:+}: $passed passed, $failed failed$([ $failing = 1 ] && echo ' (HUSH_PROVIDER_FAIL=1: every hush connection refused)')"
[ $failed = 0 ] && [ $passed -gt 0 ]
