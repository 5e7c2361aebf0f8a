/**
 * A random id (UUID v4 form) from `random`, which fills bytes. crypto.randomUUID exists only
 * on secure origins (https, localhost); getRandomValues everywhere, so a shop opened at
 * http://192.168.x.x still gets a device id.
 */
export function randomId(random: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => crypto.getRandomValues(b)): string {
  const b = new Uint8Array(16);
  random(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random id for this browser, sent as `identify` so the server can tell devices apart. */
export function deviceId(): string {
  try {
    const saved = localStorage.getItem('servauto.device');
    if (saved) return saved;
    const id = randomId();
    localStorage.setItem('servauto.device', id);
    return id;
  } catch {
    return 'no-storage';
  }
}
