// The Node flags `npm start` and `padron` (src/main.ts's first line) run the service with: benches start
// their servers with the same, so what they measure is what ships (decisions 0007 and 0010).
export const SERVICE_NODE_FLAGS = ["--max-semi-space-size=8", "--no-allocation-site-pretenuring"];
