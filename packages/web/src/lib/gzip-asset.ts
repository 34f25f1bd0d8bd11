/**
 * The bytes of a label-volume asset answer (brain-asset.ts, knee-asset.ts): the build emits the volumes gzipped,
 * so they are gunzipped here with DecompressionStream, unless the server already decoded them
 * (Content-Encoding: gzip).
 */

/** The two bytes every gzip stream starts with. */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The answer's body, gunzipped where it is still a gzip stream. */
export async function assetBytes(response: Response): Promise<Uint8Array> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
  return gzipped ? gunzip(bytes) : bytes;
}
