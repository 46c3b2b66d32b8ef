import type { Db } from "../platform/db/connect.ts";
import type { ListFileSpec } from "./catalog.ts";
import { ListFileError } from "./list-file-error.ts";
import type { IngestRequest } from "./list-store-types.ts";

/** The row of a version being loaded ("loading": no reader sees it until the switch). */
export async function createListVersion(
  db: Db,
  request: Pick<IngestRequest, "mode" | "fileName" | "provenance" | "expectedListKey">,
  meta: { list: ListFileSpec; contentDate: string | null },
  fetchedAt: number,
): Promise<number> {
  if (request.expectedListKey && meta.list.key !== request.expectedListKey)
    throw new ListFileError(
      `${request.fileName}: expected list ${request.expectedListKey}, got ${meta.list.key}`,
    );
  const { provenance } = request;
  const inserted = await db
    .insertInto("list_versions")
    .values({
      mode: request.mode,
      list_key: meta.list.key,
      article: meta.list.article,
      file_name: request.fileName,
      status: "loading",
      source_url: provenance.sourceUrl,
      etag: provenance.etag,
      last_modified: provenance.lastModified,
      content_date: meta.contentDate,
      fetched_at: fetchedAt,
      checked_at: fetchedAt,
      row_count: 0,
      suppressed_count: 0,
      byte_count: 0,
      sha256: "",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}
