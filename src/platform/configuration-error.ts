/**
 * Something the operator sets up wrong and can fix: a bad setting, a database that cannot be used.
 * The CLI prints the message alone, without a stack: it already says what is wrong and where.
 */
export class ConfigurationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ConfigurationError";
  }
}
