/** A SAT part that must not be imported: unreadable, truncated, not signed as it says, or not the list it should be. */
export class SignedFileError extends Error {
  override name = "SignedFileError";
}
