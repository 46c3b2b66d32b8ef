import type { LookupAddress, LookupOptions } from "node:dns";
import { LRUCache } from "lru-cache";
import { Agent, request } from "undici";
import { signWebhook } from "./sign-webhook.ts";
import { type VetOptions, vetWebhookUrl } from "./vet-webhook-url.ts";

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** From a Retry-After header (seconds or HTTP date), when the receiver sent one. */
  retryAfterMs: number | null;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A dispatcher whose every connection goes to the vetted address, whatever DNS would say now. */
function pinnedAgent(address: string, family: 4 | 6, timeoutMs: number): Agent {
  const lookup = (_host: string, options: LookupOptions, callback: LookupCallback) =>
    options?.all ? callback(null, [{ address, family }]) : callback(null, address, family);
  return new Agent({
    connect: { lookup: lookup as never, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 4,
    keepAliveTimeout: 4000,
  });
}

/** Connections reused per (origin, vetted address): a changed DNS answer gets a new agent. */
export type WebhookAgents = ReturnType<typeof createWebhookAgents>;

/** One per worker: the least recently used agent is closed past `max`. */
export function createWebhookAgents(max = 256) {
  const agents = new LRUCache<string, Agent>({
    max,
    dispose: (agent, _key, reason) => {
      if (reason === "evict") void agent.close().catch(() => {});
    },
  });
  return {
    agentFor(origin: string, address: string, family: 4 | 6, timeoutMs: number) {
      const key = `${origin}|${address}|${timeoutMs}`;
      const agent = agents.get(key) ?? pinnedAgent(address, family, timeoutMs);
      agents.set(key, agent);
      return agent;
    },
    async close() {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.close().catch(() => {})));
    },
  };
}

/**
 * One signed delivery attempt: vets the URL again (DNS may have changed since acceptance), connects to
 * the vetted address, never follows redirects (a 3xx is a failure) and gives up after `timeoutMs`.
 */
export async function sendWebhook(input: {
  url: string;
  id: string;
  body: string;
  secret: string;
  timeoutMs: number;
  vet: VetOptions;
  agents: WebhookAgents;
}): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): AttemptResult => {
    return { ok: false, statusCode: null, latencyMs: elapsed(), error, retryAfterMs: null };
  };
  let target: Awaited<ReturnType<typeof vetWebhookUrl>>;
  try {
    target = await vetWebhookUrl(input.url, input.vet);
  } catch (error) {
    return failed((error as Error).message);
  }
  const agent = input.agents.agentFor(target.url.origin, target.address, target.family, input.timeoutMs);
  const headers = {
    "content-type": "application/json",
    "user-agent": "padron-webhooks/1",
    ...signWebhook(input.secret, {
      id: input.id,
      timestampSeconds: Math.floor(Date.now() / 1000),
      body: input.body,
    }),
  };
  try {
    const response = await request(target.url, {
      method: "POST",
      headers,
      body: input.body,
      dispatcher: agent,
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
    const { statusCode } = response;
    if (statusCode >= 200 && statusCode < 300)
      return { ok: true, statusCode, latencyMs: elapsed(), error: null, retryAfterMs: null };
    return {
      ok: false,
      statusCode,
      latencyMs: elapsed(),
      error:
        statusCode >= 300 && statusCode < 400 ? `redirect ${statusCode} not followed` : `HTTP ${statusCode}`,
      retryAfterMs: parseRetryAfter(response.headers["retry-after"]),
    };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    return failed(timedOut ? `timed out after ${input.timeoutMs} ms` : String((error as Error).message));
  }
}

function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
