/** A random id for this browser, sent as `identify` so the server can tell devices apart. */
export function deviceId(): string {
  try {
    const saved = localStorage.getItem('servauto.device');
    if (saved) return saved;
    const id = crypto.randomUUID();
    localStorage.setItem('servauto.device', id);
    return id;
  } catch {
    return 'no-storage';
  }
}
