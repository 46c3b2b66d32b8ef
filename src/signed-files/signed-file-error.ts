/** A SAT part that must not be imported: unreadable, truncated, not signed as it says, or not the list it should be. */
export class SignedFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SignedFileError";
  }
}
