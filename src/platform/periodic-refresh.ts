export type PeriodicRefresh = {
  /** Runs a refresh now (or joins the one running) and resolves when it is done. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A worker's periodic sync of local copies: at start and then every `intervalMs`, each source whose
 * last check is older than the interval is synced (so restarts and several workers don't re-download).
 * A source's failure is reported and never stops the others.
 */
export function startPeriodicRefresh<S>(options: {
  sources: readonly S[];
  intervalMs: number;
  isDue(source: S, intervalMs: number): Promise<boolean>;
  sync(source: S): Promise<void>;
  onError(source: S, error: unknown): void;
}): PeriodicRefresh {
  let running: Promise<void> | null = null;
  let stopped = false;
  const refresh = async (force: boolean) => {
    for (const source of options.sources) {
      if (stopped) return;
      try {
        if (force || (await options.isDue(source, options.intervalMs))) await options.sync(source);
      } catch (error) {
        options.onError(source, error);
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
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
