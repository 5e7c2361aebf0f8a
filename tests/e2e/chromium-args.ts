/**
 * Chromium's flags for the browser tests. Without the background-networking flags Chromium
 * keeps calling Google services, which hang on a closed network.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
