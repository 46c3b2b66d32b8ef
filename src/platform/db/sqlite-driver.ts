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

/**
 * Kysely's SQLite driver guards its single connection with a lock that wakes every waiter on each
 * release, and all but one go back to sleep: under concurrent requests that costs more CPU than the
 * queries. Same driver, with a first-come first-served lock.
 */
class FifoSqliteDriver extends SqliteDriver {
  #lock = new FifoLock();
  #connection: DatabaseConnection | undefined;

  override async init(): Promise<void> {
    await super.init();
    // Taken once and never given back: from here on the FIFO lock guards it.
    this.#connection = await super.acquireConnection();
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
  }
}

export class FifoSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FifoSqliteDriver(this.#config);
  }
}
