// The Node flags `npm start` and `padron` run the service with: none since issue 23 (the V8 flags of
// decisions 0007 and 0010 are optional tuning, docs/operations.md). Benches start their servers with
// the same, so what they measure is what ships; BENCH_NODE_FLAGS="--flag …" tries others.
export const SERVICE_NODE_FLAGS: string[] = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
