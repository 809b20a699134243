#!/usr/bin/env python3
"""Derives each golden case's expected.txt from Spark's rules, independently of Arus.

The rules (Spark 4 StateStoreSaveExec and MicroBatchExecution; DESIGN.md section 1):
- rate: offset = whole seconds since the source started; values [rps*s0, rps*s1) with
  timestamp creation + s0*1000 + round((v - rps*s0) * msPerValue). rate-micro-batch: batch b
  holds [b*R, (b+1)*R), all stamped startTimestamp + b*advance.
- wm(b) = max(wm(b-1), max event time of batches < b - delay), wm(0) = 0.
- A group is late in batch b when its window end <= wm(b-1) (never in complete mode); late
  groups are neither stored nor emitted.
- append emits (and evicts) groups with end <= wm(b); update emits every group the batch
  changed, then evicts groups with end <= wm(b); complete emits every group, evicts nothing.
- Arus prints the rows of a batch ordered by key (Spark's order is hash order).
Run: python3 derive_expected.py  (rewrites every case's expected.txt)
"""
import math, os, datetime

HERE = os.path.dirname(os.path.abspath(__file__))

def fmt_ts(ms):
    d = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    s = d.strftime('%Y-%m-%d %H:%M:%S')
    frac = ms % 1000
    return s + ('.' + ('%03d' % frac).rstrip('0') if frac else '')

def fmt_value(v):
    if v is None:
        return 'NULL'
    if isinstance(v, tuple):
        return '{' + fmt_ts(v[0]) + ', ' + fmt_ts(v[1]) + '}'
    if isinstance(v, float):
        return repr(v)
    return str(v)

def table(header, rows, truncate):
    cells = [header] + [[fmt_value(v) for v in r] for r in rows]
    def cut(s):
        return s if truncate <= 0 or len(s) <= truncate else s[:truncate - 3] + '...'
    cells = [[cut(c) for c in r] for r in cells]
    widths = [max(3, max(len(r[i]) for r in cells)) for i in range(len(header))]
    sep = '+' + '+'.join('-' * w for w in widths) + '+\n'
    def line(r):
        if truncate > 0:
            return '|' + '|'.join(c.rjust(w) for c, w in zip(r, widths)) + '|\n'
        return '|' + '|'.join(c.ljust(w) for c, w in zip(r, widths)) + '|\n'
    out = sep + line(cells[0]) + sep + ''.join(line(r) for r in cells[1:]) + sep
    return out + '\n'

def banner(b):
    d = '-' * 43 + '\n'
    return d + 'Batch: %d\n' % b + d

def windows(t, size, slide):
    last = t - (t % slide)
    starts = []
    s = last
    while s + size > t:
        starts.append(s)
        s -= slide
    return [(s, s + size) for s in starts]

AGGS = {
    'count': (lambda: 0, lambda a, v: a + 1, lambda a: a),
    'sum': (lambda: None, lambda a, v: v if a is None else a + v, lambda a: a),
    'min': (lambda: None, lambda a, v: v if a is None else min(a, v), lambda a: a),
    'max': (lambda: None, lambda a, v: v if a is None else max(a, v), lambda a: a),
    'avg': (lambda: (0, 0), lambda a, v: (a[0] + v, a[1] + 1), lambda a: a[0] / a[1]),
}

def run(case):
    """case: batches = list of (batch id, rows [(event_ms, value)]); returns the console text."""
    wm_prev, wm, max_seen = 0, 0, None
    state = {}
    out = []
    for b, rows in case['batches']:
        wm_prev = wm
        if max_seen is not None:
            wm = max(wm, max_seen - case['delay'])
        changed = set()
        for t, v in rows:
            for w in windows(t, case['size'], case['slide']):
                key = (w,) + tuple(k(t, v) for k in case['keys'])
                if case['mode'] != 'complete' and w[1] <= wm_prev:
                    continue
                accs = state.setdefault(key, [AGGS[f][0]() for f, _ in case['aggs']])
                for i, (f, arg) in enumerate(case['aggs']):
                    accs[i] = AGGS[f][1](accs[i], arg(t, v) if arg else None)
                changed.add(key)
        closed = {k for k in state if case['mode'] != 'complete' and k[0][1] <= wm}
        emit = {'append': closed, 'update': changed, 'complete': set(state)}[case['mode']]
        result = [list(k) + [AGGS[f][2](state[k][i]) for i, (f, _) in enumerate(case['aggs'])]
                  for k in sorted(emit, key=lambda k: (k[0][0],) + k[1:])]
        for k in closed:
            del state[k]
        if rows:
            m = max(t for t, _ in rows)
            max_seen = m if max_seen is None else max(max_seen, m)
        out.append(banner(b) + table(case['header'], result, case.get('truncate', 0)))
    return ''.join(out)

def ms(iso):
    return int(datetime.datetime.fromisoformat(iso.replace('Z', '+00:00')).timestamp() * 1000)

def chapter_batches():
    """The chapter's replay: rate 5 rows/s from 13:29:23.800, 4 s processing-time trigger,
    batch 0 taking 1.5 s, every trigger due within 48 s; event time = whole seconds - value % 3."""
    start = ms('2026-10-16T13:29:23.800Z')
    end = start + 48_000
    t, s_prev, b, batches = start, None, 0, []
    while t <= end:
        s = (t - start) // 1000
        rows = []
        if s_prev is not None and s > s_prev:
            lo, hi = 5 * s_prev, 5 * s
            per = (s - s_prev) * 1000 / (hi - lo)
            for v in range(lo, hi):
                ts = start + s_prev * 1000 + round((v - lo) * per)
                rows.append(((ts // 1000 - v % 3) * 1000, v))
        batches.append((b, rows))
        finished = t + (1500 if b == 0 else 0)
        due = t // 4000 * 4000 + 4000
        t, s_prev, b = max(due, finished), s if s_prev is not None else 0, b + 1
    return batches

def micro_batches(rows_per_batch, start_ms, advance_ms, count, event_time, keep=lambda t, v: True):
    out = []
    for b in range(count):
        ts = start_ms + b * advance_ms
        rows = [(event_time(ts, v), v) for v in range(b * rows_per_batch, (b + 1) * rows_per_batch)]
        out.append((b, [(t, v) for t, v in rows if keep(t, v)]))
    return out

T = ms('2026-10-16T13:30:00Z')
S = 1000
CASES = {
    'chapter-update': dict(batches=chapter_batches(), delay=4 * S, size=8 * S, slide=8 * S, keys=[],
                           aggs=[('count', None)], mode='update', header=['window', 'count']),
    'chapter-complete': dict(batches=chapter_batches(), delay=4 * S, size=8 * S, slide=8 * S, keys=[],
                             aggs=[('count', None)], mode='complete', header=['window', 'count']),
    # 4 rows per batch, 3 s apart, shifted back value % 4 seconds; 10 s windows sliding by 5 s.
    'sliding-window-append': dict(
        batches=micro_batches(4, T, 3 * S, 10, lambda ts, v: ts - (v % 4) * S), delay=5 * S,
        size=10 * S, slide=5 * S, keys=[], aggs=[('count', None)], mode='append', header=['window', 'count']),
    # 6 rows per batch, 2 s apart; grouped by 10 s window and value % 3.
    'keyed-aggregates-update': dict(
        batches=micro_batches(6, T, 2 * S, 8, lambda ts, v: ts), delay=4 * S, size=10 * S, slide=10 * S,
        keys=[lambda t, v: v % 3],
        aggs=[('count', None), ('sum', lambda t, v: v), ('avg', lambda t, v: v), ('min', lambda t, v: v),
              ('max', lambda t, v: v)],
        mode='update', header=['window', 'key', 'count', 'sum(value)', 'avg(value)', 'min(value)', 'max(value)']),
    # 10 rows per batch, 5 s apart; every value % 10 = 0 row is 30 s late.
    'late-rows-update': dict(
        batches=micro_batches(10, T, 5 * S, 6, lambda ts, v: ts - 30 * S if v % 10 == 0 else ts),
        delay=10 * S, size=10 * S, slide=10 * S, keys=[], aggs=[('count', None)], mode='update',
        header=['window', 'count']),
}

if __name__ == '__main__':
    for name, case in CASES.items():
        os.makedirs(os.path.join(HERE, name), exist_ok=True)
        with open(os.path.join(HERE, name, 'expected.txt'), 'w') as f:
            f.write(run(case))
        print(name)
