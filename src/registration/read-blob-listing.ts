import { SaxesParser } from "saxes";
import { SignedFileError } from "../signed-files/signed-file-error.ts";

/** One blob of a container listing, with what the download is checked against. */
export type ListedBlob = { name: string; bytes: number; md5: string | null; lastModified: string | null };

/**
 * An Azure blob container listing (`?restype=container&comp=list`): `EnumerationResults/Blobs/Blob`
 * with `Name` and `Properties/Content-Length`, `Content-MD5`, `Last-Modified`; `NextMarker` when more.
 */
export function readBlobListing(xml: string): { blobs: ListedBlob[]; nextMarker: string | null } {
  const blobs: ListedBlob[] = [];
  let nextMarker: string | null = null;
  let current: Record<string, string> | null = null;
  let field: string | null = null;
  let text = "";
  let root = false;
  const parser = new SaxesParser({ position: false });
  parser.on("opentag", (tag) => {
    if (!root) {
      if (tag.name !== "EnumerationResults") throw new SignedFileError("not a blob container listing");
      root = true;
    }
    if (tag.name === "Blob") current = {};
    field = tag.name;
    text = "";
  });
  parser.on("text", (value) => {
    text += value;
  });
  parser.on("closetag", (tag) => {
    if (tag.name === "Blob" && current) {
      const bytes = Number(current["Content-Length"]);
      if (current.Name && Number.isSafeInteger(bytes))
        blobs.push({
          name: current.Name,
          bytes,
          md5: current["Content-MD5"] || null,
          lastModified: current["Last-Modified"] || null,
        });
      current = null;
    } else if (tag.name === "NextMarker") nextMarker = text.trim() || null;
    else if (current && field === tag.name) current[tag.name] = text.trim();
    field = null;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof SignedFileError) throw error;
    throw new SignedFileError(`unreadable container listing: ${(error as Error).message}`);
  }
  if (!root) throw new SignedFileError("not a blob container listing");
  return { blobs, nextMarker };
}
