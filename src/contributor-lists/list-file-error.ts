/** The input is not a SAT list file we can read: no RFC header, unknown list, or broken CSV. */
export class ListFileError extends Error {
  readonly code = "invalid_list_file";
  override name = "ListFileError";
}
