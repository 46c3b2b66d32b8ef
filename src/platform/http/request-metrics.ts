// Counted on every response, so kept as plain counters per series and written out in Prometheus'
// text format only when scraped: prom-client's labelled metrics validate and hash the labels on each
// observation, which cost a tenth of a no-op API request.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const REQUESTS = "padron_http_requests_total";
const LATENCY = "padron_http_request_duration_seconds";

interface Series {
  method: string;
  route: string;
  status: number;
  count: number;
  seconds: number;
  /** Observations per bucket (not cumulative); the last slot is above the highest bound. */
  buckets: number[];
}

export interface RequestMetrics {
  observe(method: string, route: string, status: number, elapsedMs: number): void;
  /** Prometheus text exposition of both metrics. */
  render(): string;
}

export function createRequestMetrics(): RequestMetrics {
  const series = new Map<string, Series>();
  return {
    observe(method, route, status, elapsedMs) {
      const key = `${method} ${status} ${route}`;
      let entry = series.get(key);
      if (!entry) {
        entry = {
          method,
          route,
          status,
          count: 0,
          seconds: 0,
          buckets: new Array(BUCKETS.length + 1).fill(0),
        };
        series.set(key, entry);
      }
      const seconds = elapsedMs / 1000;
      entry.count++;
      entry.seconds += seconds;
      let bucket = 0;
      while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]) bucket++;
      entry.buckets[bucket]++;
    },
    render: () => renderRequests([...series.values()]) + renderLatency([...series.values()]),
  };
}

const label = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function renderRequests(all: Series[]): string {
  const lines = [`# HELP ${REQUESTS} HTTP requests by route and status`, `# TYPE ${REQUESTS} counter`];
  for (const s of all)
    lines.push(
      `${REQUESTS}{method="${label(s.method)}",route="${label(s.route)}",status="${s.status}"} ${s.count}`,
    );
  return `${lines.join("\n")}\n\n`;
}

/** The histogram is by method and route: the statuses of one route are summed. */
function renderLatency(all: Series[]): string {
  const byRoute = new Map<string, Series>();
  for (const s of all) {
    const key = `${s.method} ${s.route}`;
    const sum = byRoute.get(key) ?? {
      ...s,
      count: 0,
      seconds: 0,
      buckets: new Array(s.buckets.length).fill(0),
    };
    sum.count += s.count;
    sum.seconds += s.seconds;
    s.buckets.forEach((n, i) => {
      sum.buckets[i] += n;
    });
    byRoute.set(key, sum);
  }
  const lines = [`# HELP ${LATENCY} HTTP request latency by route`, `# TYPE ${LATENCY} histogram`];
  for (const r of byRoute.values()) {
    const labels = `method="${label(r.method)}",route="${label(r.route)}"`;
    let cumulative = 0;
    BUCKETS.forEach((bound, i) => {
      cumulative += r.buckets[i];
      lines.push(`${LATENCY}_bucket{le="${bound}",${labels}} ${cumulative}`);
    });
    lines.push(`${LATENCY}_bucket{le="+Inf",${labels}} ${r.count}`);
    lines.push(`${LATENCY}_sum{${labels}} ${r.seconds}`, `${LATENCY}_count{${labels}} ${r.count}`);
  }
  return `${lines.join("\n")}\n\n`;
}
