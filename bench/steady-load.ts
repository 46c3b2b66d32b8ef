// Open-loop load at a steady rate: one request every 1/rate s, sent whether or not earlier ones have
// answered. Timers wake about every millisecond, so each wake sends the requests due before the next
// one; a request is timed from when it was sent, or from when it was due if it went out late (so a
// stall of the generator, or a wait for a free connection, counts for every request it delays).
// autocannon's fixed-rate mode sends each second's requests in a burst, which even a bare route
// answers with a p99 of ~20 ms; this measures what a steady 1,000 req/s sees. The generator shares the
// machine with the server, so it does as little as it can: the request's bytes are built once and
// written on plain keep-alive sockets (one request in flight each), answers are read only far enough
// to know their status and length, and latencies are kept in a typed array.
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type SteadyLoadResult = {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

type Options = {
  url: string;
  headers: Record<string, string>;
  body: string;
  rate: number;
  seconds: number;
  /** Receives this run's latencies, sorted: several windows' percentiles can then be taken together. */
  latenciesInto?: Float64Array[];
};

const CONNECTIONS = 64;
const TIMER_MS = 1;
const HEADERS_END = Buffer.from("\r\n\r\n");

export async function steadyLoad(options: Options): Promise<SteadyLoadResult> {
  const target = new URL(options.url);
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  const sentAt = new Float64Array(total);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let allAnswered: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  const start = performance.now();
  const waiting: number[] = [];
  const idle: Connection[] = [];
  const answer = (connection: Connection, index: number, status: number) => {
    if (status === 0) errors++;
    else if (status < 200 || status > 299) non2xx++;
    latencies[index] =
      status === 0 ? Number.POSITIVE_INFINITY : performance.now() - Math.min(sentAt[index], dueAt(index));
    if (++answered === total) allAnswered();
    const next = waiting.shift();
    if (next === undefined) idle.push(connection);
    else connection.send(next);
  };
  const dueAt = (index: number) => start + (index * 1000) / options.rate;
  const request = requestBytes(target, options.headers, options.body);
  const connections = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => openConnection(target, request, answer)),
  );
  idle.push(...connections);
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now + TIMER_MS - start) / 1000) * options.rate) + 1);
    for (; sent < due; sent++) {
      sentAt[sent] = now;
      const connection = idle.pop();
      if (connection) connection.send(sent);
      else waiting.push(sent);
    }
    await sleep(TIMER_MS);
  }
  await finished;
  for (const connection of connections) connection.close();
  latencies.sort();
  options.latenciesInto?.push(latencies);
  return { rate: options.rate, sent, ...percentilesOf(latencies), non2xx, errors };
}

/** p50, p99 and max of sorted latencies, in ms to two decimals. */
export function percentilesOf(sorted: Float64Array): { p50: number; p99: number; max: number } {
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

function requestBytes(target: URL, headers: Record<string, string>, body: string): Buffer {
  const payload = Buffer.from(body);
  const lines = [`POST ${target.pathname} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${payload.length}`, "", "");
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), payload]);
}

type Connection = { send(index: number): void; close(): void };
type Answer = (connection: Connection, index: number, status: number) => void;

/** A keep-alive socket with one request in flight; `answer` gets its status (0: the socket failed). */
async function openConnection(target: URL, request: Buffer, answer: Answer): Promise<Connection> {
  let socket: Socket;
  let inFlight = -1;
  let received: Buffer | null = null;
  let closing = false;
  const connection: Connection = {
    send(index) {
      inFlight = index;
      socket.write(request);
    },
    close() {
      closing = true;
      socket.destroy();
    },
  };
  const answered = (status: number) => {
    const index = inFlight;
    inFlight = -1;
    received = null;
    answer(connection, index, status);
  };
  const onData = (chunk: Buffer) => {
    received = received ? Buffer.concat([received, chunk]) : chunk;
    const headersEnd = received.indexOf(HEADERS_END);
    if (headersEnd < 0) return;
    const head = received.toString("latin1", 0, headersEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) throw new Error("steady load: an answer without content-length");
    if (received.length >= headersEnd + HEADERS_END.length + Number(length[1]))
      answered(Number(head.slice(9, 12)));
  };
  // A socket the server closed is replaced; the request it carried counts as an error.
  const attach = () =>
    new Promise<void>((resolve, reject) => {
      socket = connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      socket.once("connect", resolve);
      socket.on("error", reject);
      socket.on("data", onData);
      socket.once("close", () => {
        if (closing) return;
        void attach().then(() => {
          if (inFlight >= 0) answered(0);
        });
      });
    });
  await attach();
  return connection;
}
