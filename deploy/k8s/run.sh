#!/usr/bin/env bash
# One proxybench run over N shards on the current kubectl context and namespace, then merged and analysed:
#
#   deploy/k8s/run.sh [N] [LEAD_SECONDS]
#
# N shards (default 4) start together LEAD_SECONDS from now (default 120 s: time to pull the image and start the
# JVMs; a shard more than 1 s late refuses to run). The run's options (--url, --rate, --duration, ...) are in
# shards-job.yaml; the proxy URL comes from the proxybench-proxy Secret. Results land on the proxybench-results
# claim: /results/shard-I.jsonl (+ .hlog) per shard, all.jsonl (+ .hlog) and analysis.txt; a new run replaces them.
#
# WAIT_SECONDS bounds the wait for the shards (default: the lead time + 900 s; raise it for longer schedules).
# PROXYBENCH_RENDER_TO=DIR writes the rendered manifests to DIR and stops there, without a cluster.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
shards="${1:-4}"
lead="${2:-120}"
fail() { echo "run.sh: $*" >&2; exit 1; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || fail "N must be a number of shards, 1 or more; got '$shards'"
[[ "$lead" =~ ^[0-9]+$ ]] || fail "LEAD_SECONDS must be a whole number of seconds; got '$lead'"
wait_seconds="${WAIT_SECONDS:-$((lead + 900))}"
render_only="${PROXYBENCH_RENDER_TO:-}"

if [ -z "$render_only" ]; then
  command -v kubectl >/dev/null || fail "kubectl not found; install it and point it at the cluster"
  if ! err="$(kubectl get secret proxybench-proxy -o name 2>&1 >/dev/null)"; then
    if [[ "$err" == *NotFound* || "$err" == *"not found"* ]]; then
      cat >&2 <<'EOF'
run.sh: no Secret proxybench-proxy in this namespace. The shards read the proxy URL, credentials included, from
its key url (as a file, one URL per line); create it with:

  kubectl create secret generic proxybench-proxy --from-literal=url='http://USER:PASS@gateway.example:3128'
EOF
      exit 1
    fi
    fail "cannot read Secret proxybench-proxy: $err"
  fi
  kubectl apply -f "$here/pvc.yaml"
  # Jobs cannot be changed once created: the previous run's go first.
  kubectl delete job proxybench-shards proxybench-merge --ignore-not-found --cascade=foreground --wait=true
fi

# The start time, once the cluster is ready for the new jobs: now + lead, in UTC.
start_epoch=$(($(date +%s) + lead))
start_at="$(date -u -d "@$start_epoch" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null \
  || date -u -r "$start_epoch" +%Y-%m-%dT%H:%M:%SZ)"

files=""
for ((i = 0; i < shards; i++)); do
  files="$files${files:+ }/results/shard-$i.jsonl"
done
if [ -n "$render_only" ]; then
  out="$render_only"
  mkdir -p "$out"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
sed -E \
  -e 's#^(  (completions|parallelism): )4$#\1'"$shards"'#' \
  -e 's#^( *- \$\(JOB_COMPLETION_INDEX\))/4$#\1/'"$shards"'#' \
  -e 's#^(  start-at: ).*$#\1"'"$start_at"'"#' \
  "$here/shards-job.yaml" >"$out/shards-job.yaml"
sed -E 's#/results/shard-0\.jsonl.*/results/shard-3\.jsonl#'"$files"'#' \
  "$here/merge-job.yaml" >"$out/merge-job.yaml"
# Each edit must have hit, or the shards and the merge would disagree on N.
[ "$(grep -cE "^  (completions|parallelism): $shards\$" "$out/shards-job.yaml")" = 2 ] \
  && grep -qE -- "- \\\$\\(JOB_COMPLETION_INDEX\\)/$shards\$" "$out/shards-job.yaml" \
  && grep -qF "start-at: \"$start_at\"" "$out/shards-job.yaml" \
  && grep -qF "$files " "$out/merge-job.yaml" \
  || fail "could not render the manifests for $shards shards: shards-job.yaml or merge-job.yaml changed shape"
if [ -n "$render_only" ]; then
  echo "run.sh: rendered for $shards shards starting at $start_at into $out"
  exit 0
fi

kubectl apply -f "$out/shards-job.yaml"
echo "run.sh: $shards shards start at $start_at (in $lead s); follow them with"
echo "  kubectl logs -f -l job-name=proxybench-shards --prefix --max-log-requests=$shards"

# Waits until job NAME has completed (0) or failed (1), at most SECONDS. Polls rather than `kubectl wait
# --for=condition=complete`, which would sit out its whole timeout on a failed job.
wait_job() {
  local name="$1" deadline=$(($(date +%s) + $2)) state
  while :; do
    state=" $(kubectl get job "$name" \
      -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type}{" "}{end}') "
    case "$state" in
      *" Complete "*) return 0 ;;
      *" Failed "*) echo "run.sh: job/$name failed" >&2; return 1 ;;
    esac
    [ "$(date +%s)" -lt "$deadline" ] || { echo "run.sh: job/$name still running after $2 s" >&2; return 1; }
    sleep 5
  done
}

if ! wait_job proxybench-shards "$wait_seconds"; then
  kubectl get pods -l job-name=proxybench-shards >&2 || true
  kubectl logs -l job-name=proxybench-shards --prefix --tail=20 --max-log-requests="$shards" >&2 || true
  fail "the shards did not all complete (logs above); nothing merged"
fi
kubectl apply -f "$out/merge-job.yaml"
merged=0
wait_job proxybench-merge 1800 || merged=1
kubectl logs job/proxybench-merge
[ "$merged" = 0 ] || fail "merge or analyze failed (log above)"
echo "run.sh: results on claim proxybench-results: /results/all.jsonl, all.jsonl.hlog, analysis.txt, shard-*.jsonl"
