#!/bin/sh
# Trains the class data sharing archive of the start command (docs/running.md).
# Runs the service as it starts by default, demo included, until the chapter's query has printed
# its second batch, then stops it with SIGTERM: as it exits, the JVM writes the classes it loaded
# (start, first query, first batches) to the archive, which every start then maps instead of
# loading and verifying them again. Run by `./mvnw package` and by the Docker image.
#
# Usage: train-archive.sh <jvm.options> <arus.jar> <archive to write> <scratch directory>
# The paths should be absolute: the archive records the class path it was trained with.
set -eu
options=$1
jar=$2
archive=$3
scratch=$4

rm -rf "$scratch"
mkdir -p "$scratch"
console="$scratch/console.log"
# Made before the JVM: its redirection happens in the background child, which the first poll can outrun.
: >"$console"
java @"$options" -XX:ArchiveClassesAtExit="$archive" -Xlog:cds=error,cds+dynamic=error \
    -jar "$jar" --arus.data-dir="$scratch/data" --server.port=0 --logging.level.root=warn \
    >"$console" 2>&1 &
pid=$!

fail() {
    kill "$pid" 2>/dev/null || true
    echo "train-archive: $1; the training run's console:" >&2
    cat "$console" >&2
    exit 1
}

# Polled: the console is a file, and a tenth of a second is nothing next to the run itself.
tenths=0
until grep -qx 'Batch: 1' "$console"; do
    kill -0 "$pid" 2>/dev/null || fail "the service ended before the chapter's second batch"
    [ "$tenths" -lt 1200 ] || fail "no second batch of the chapter's query within 120 s"
    sleep 0.1
    tenths=$((tenths + 1))
done
kill -TERM "$pid"
# A JVM stopped by SIGTERM exits with 143; the archive is what tells success.
wait "$pid" || true
[ -s "$archive" ] || fail "no archive written at $archive"
rm -rf "$scratch"
