export type PeriodicRefresh = {
  /** Runs a refresh now (or joins the one running) and resolves when it is done. */
  runNow(): Promise<void>;
  /** Ends the sync under way (its signal aborts) and starts no other. */
  stop(): Promise<void>;
};

/**
 * A worker's periodic sync of local copies: at start and then every `intervalMs`, each source whose
 * last check is older than the interval is synced (so restarts and several workers don't re-download).
 * A source's failure is reported and never stops the others. Stopping aborts the sync under way: a
 * download from a slow or unreachable server never holds up a shutdown.
 */
export function startPeriodicRefresh<S>(options: {
  sources: readonly S[];
  intervalMs: number;
  isDue(source: S, intervalMs: number): Promise<boolean>;
  /** Once `signal` aborts, the sync ends; if it throws, it throws `signal.reason` (not reported). */
  sync(source: S, signal: AbortSignal): Promise<void>;
  onError(source: S, error: unknown): void;
}): PeriodicRefresh {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const refresh = async (force: boolean) => {
    for (const source of options.sources) {
      if (stopping.signal.aborted) return;
      try {
        if (force || (await options.isDue(source, options.intervalMs)))
          await options.sync(source, stopping.signal);
      } catch (error) {
        if (error !== stopping.signal.reason) options.onError(source, error);
      }
    }
  };
  const run = (force: boolean) => {
    running ??= refresh(force).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void run(false), options.intervalMs);
  timer.unref();
  void run(false);
  return {
    runNow: () => run(true),
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
