// A steady stream of reads and writes against the API, every answer recorded with its timing: the outage
// test and `npm run bench:faults` replay database faults under it and judge the record.
export type Sample = { kind: 'read' | 'write'; start: number; end: number; status: number; name?: string };

/** Sends one request; answers its HTTP status (0 when no answer came: a reset or refused connection). */
export type Send = (request: { method: 'GET' | 'POST'; url: string; body?: unknown }) => Promise<number>;

export type Traffic = { samples: Sample[]; stop(): Promise<Sample[]> };

export function startTraffic(
  send: Send,
  opts: { writers: number; readers: number; readUrls: string[]; label: string },
): Traffic {
  const samples: Sample[] = [];
  let running = true;
  let serial = 0;
  const write = async () => {
    while (running) {
      const name = `${opts.label} ${++serial}`;
      const start = Date.now();
      const status = await send({
        method: 'POST',
        url: '/api/recipes',
        body: { name, servings: 2, ingredients: [{ name: 'Salt' }] },
      }).catch(() => 0);
      samples.push({ kind: 'write', start, end: Date.now(), status, name });
    }
  };
  const read = async (offset: number) => {
    for (let i = offset; running; i++) {
      const start = Date.now();
      const status = await send({ method: 'GET', url: opts.readUrls[i % opts.readUrls.length]! }).catch(() => 0);
      samples.push({ kind: 'read', start, end: Date.now(), status });
    }
  };
  const loops = [
    ...Array.from({ length: opts.writers }, write),
    ...Array.from({ length: opts.readers }, (_, i) => read(i)),
  ];
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** Status counts per second since `t0`, e.g. "  3 s  200×41 201×12 503×3". */
export function timeline(samples: Sample[], t0: number, events: { at: number; what: string }[] = []): string[] {
  const seconds = new Map<number, Map<string, number>>();
  for (const s of samples) {
    const second = Math.floor((s.end - t0) / 1000);
    const counts = seconds.get(second) ?? new Map<string, number>();
    const key = `${s.kind === 'write' ? 'w' : 'r'}${s.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    seconds.set(second, counts);
  }
  return [...seconds.keys()]
    .sort((a, b) => a - b)
    .map((second) => {
      const marks = events
        .filter((e) => Math.floor((e.at - t0) / 1000) === second)
        .map((e) => `  ← ${e.what}`)
        .join('');
      const counts = [...(seconds.get(second) ?? new Map<string, number>())]
        .sort()
        .map(([k, n]) => `${k}×${n}`)
        .join(' ');
      return `${String(second).padStart(3)} s  ${counts}${marks}`;
    });
}
