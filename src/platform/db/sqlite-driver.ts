import { setTimeout as sleep } from "node:timers/promises";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";

/** Hands the one connection to waiters in arrival order, waking only the next one. */
class FifoLock {
  #locked = false;
  #waiters: (() => void)[] = [];
  #head = 0;

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters[this.#head];
    if (!next) {
      this.#locked = false;
      this.#waiters = [];
      this.#head = 0;
      return;
    }
    this.#waiters[this.#head++] = undefined as never;
    next();
  }
}

/** How long a statement waits for another connection's write lock before it fails (busy_timeout's). */
const LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown) => ((error as { errcode?: number }).errcode ?? 0) % 256 === 5;

/**
 * Kysely's SQLite driver guards its single connection with a lock that wakes every waiter on each
 * release, and all but one go back to sleep: under concurrent requests that costs more CPU than the
 * queries. Same driver, with a first-come first-served lock.
 */
class FifoSqliteDriver extends SqliteDriver {
  #lock = new FifoLock();
  #connection: DatabaseConnection | undefined;
  #inTransaction = false;
  readonly #waitOffThread: boolean;

  constructor(config: SqliteDialectConfig, waitOffThread: boolean) {
    super(config);
    this.#waitOffThread = waitOffThread;
  }

  override async init(): Promise<void> {
    await super.init();
    // Taken once and never given back: from here on the FIFO lock guards it.
    const connection = await super.acquireConnection();
    this.#connection = this.#waitOffThread ? this.#waitingOffThread(connection) : connection;
  }

  /**
   * SQLite's busy handler sleeps 1, 2, 5 … ms on the calling thread, stalling every request (decision
   * 0035). Here a statement refused for another connection's write lock (busy_timeout 0) gives the
   * connection to the next request and is tried again a millisecond later, outside a transaction only.
   */
  #waitingOffThread(connection: DatabaseConnection): DatabaseConnection {
    return {
      executeQuery: async (query) => {
        const giveUpAt = Date.now() + LOCK_WAIT_MS;
        for (;;) {
          try {
            return await connection.executeQuery(query);
          } catch (error) {
            if (!isBusy(error) || this.#inTransaction || Date.now() > giveUpAt) throw error;
          }
          this.#lock.unlock();
          await sleep(1);
          await this.#lock.lock();
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    return this.#connection as DatabaseConnection;
  }

  override async releaseConnection(): Promise<void> {
    this.#lock.unlock();
  }

  // Another process may write the same file (a CLI command next to the server): a deferred transaction
  // that reads and then writes would fail at the write (SQLITE_BUSY_SNAPSHOT) instead of waiting.
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }
}

/** Kysely's SQLite dialect on the driver above; `waitOffThread` for a serving connection. */
export const fifoSqliteDialect = (config: SqliteDialectConfig, waitOffThread: boolean): SqliteDialect =>
  new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new FifoSqliteDriver(config, waitOffThread);
    }
  })(config);
