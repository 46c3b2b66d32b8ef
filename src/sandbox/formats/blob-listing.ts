/** A blob as Azure lists it. */
export type BlobEntry = { name: string; bytes: number; md5: string; lastModified: Date };

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `?restype=container&comp=list&prefix=…` as Azure Blob Storage answers it (research §1.7). */
export function writeBlobListing(containerUrl: string, prefix: string, blobs: readonly BlobEntry[]): string {
  const items = blobs
    .filter((blob) => blob.name.startsWith(prefix))
    .map(
      (blob) => `    <Blob>
      <Name>${escapeXml(blob.name)}</Name>
      <Url>${escapeXml(`${containerUrl}/${blob.name}`)}</Url>
      <Properties>
        <Last-Modified>${blob.lastModified.toUTCString()}</Last-Modified>
        <Etag>0x${blob.md5.length.toString(16).toUpperCase()}${blob.bytes.toString(16).toUpperCase()}</Etag>
        <Content-Length>${blob.bytes}</Content-Length>
        <Content-Type>application/octet-stream</Content-Type>
        <Content-Encoding/>
        <Content-Language/>
        <Content-MD5>${blob.md5}</Content-MD5>
        <Cache-Control/>
        <BlobType>BlockBlob</BlobType>
        <LeaseStatus>unlocked</LeaseStatus>
      </Properties>
    </Blob>`,
    );
  return `<?xml version="1.0" encoding="utf-8"?>
<EnumerationResults ContainerName="${escapeXml(containerUrl)}">
  <Prefix>${escapeXml(prefix)}</Prefix>
  <Blobs>
${items.join("\n")}
  </Blobs>
  <NextMarker/>
</EnumerationResults>
`;
}
