// Open-loop load at a steady rate: one request every 1/rate s, sent whether or not earlier ones have
// answered, each timed from when it was due (so a stall counts for every request it delays).
// autocannon's fixed-rate mode sends each second's requests in a burst, which even a bare route
// answers with a p99 of ~20 ms; this measures what a steady 1,000 req/s sees. The generator keeps
// no object per request (latencies in a typed array), so its own garbage collections stay short.
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";

export type SteadyLoadResult = {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

export async function steadyLoad(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  rate: number;
  seconds: number;
}): Promise<SteadyLoadResult> {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: 64, pipelining: 1 });
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let allAnswered: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  const settle = () => {
    answered++;
    if (answered === total) allAnswered();
  };
  const request = {
    path: target.pathname,
    method: "POST" as const,
    headers: options.headers,
    body: options.body,
  };
  const start = performance.now();
  const send = (index: number) => {
    const due = start + (index * 1000) / options.rate;
    pool.request(request).then(
      async (response) => {
        await response.body.dump();
        if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
        latencies[index] = performance.now() - due;
        settle();
      },
      () => {
        errors++;
        latencies[index] = Number.POSITIVE_INFINITY;
        settle();
      },
    );
  };
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) / 1000) * options.rate) + 1);
    for (; sent < due; sent++) send(sent);
    await sleep(1);
  }
  await finished;
  await pool.close();
  latencies.sort();
  const at = (q: number) => Number(latencies[Math.min(total - 1, Math.floor(q * total))].toFixed(2));
  return { rate: options.rate, sent, p50: at(0.5), p99: at(0.99), max: at(1), non2xx, errors };
}
