/** Bytes of a base64 string (RFC 4648), through the platform's decoder (atob: browsers, Node ≥ 16). */
export function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}
