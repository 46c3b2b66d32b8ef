// Open-loop load at a steady rate: one request every 1/rate s, sent whether or not earlier ones have
// answered, each timed from when it was due (so a stall counts for every request it delays).
// autocannon's fixed-rate mode sends each second's requests in a burst, which even a bare route
// answers with a p99 of ~20 ms; this measures what a steady 1,000 req/s sees.
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
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const send = (due: number) =>
    pool
      .request({ path: target.pathname, method: "POST", headers: options.headers, body: options.body })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
        latencies.push(performance.now() - due);
      })
      .catch(() => {
        errors++;
      });
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) / 1000) * options.rate) + 1);
    for (; sent < due; sent++) inFlight.push(send(start + (sent * 1000) / options.rate));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2));
  return { rate: options.rate, sent, p50: at(0.5), p99: at(0.99), max: at(1), non2xx, errors };
}
