type CryptoApi = { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => Uint8Array };

const cryptoApi = (): CryptoApi | undefined => (globalThis as { crypto?: CryptoApi }).crypto;

/** A random UUID: `crypto.randomUUID` where there is one, else a v4 UUID from `getRandomValues` or `Math.random`. */
export function randomId(): string {
  const crypto = cryptoApi();
  try {
    if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // insecure context: fall through
  }
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < 16; index++) bytes[index] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A new random id: `crypto.randomUUID` where there is one (not in insecure browser contexts), else a random string of
 * 32 base-36 characters — unlike {@link randomId}, not a UUID.
 */
export function createSessionId(): string {
  const crypto = cryptoApi();
  if (crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  let id = Date.now().toString(36);
  while (id.length < 32) id += Math.random().toString(36).slice(2);
  return id.slice(0, 32);
}
