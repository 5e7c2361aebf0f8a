// Logging in for the Lighthouse bench: a code is asked for through the API, read from the
// server's output (the console SMS provider prints it) and exchanged for a session, which the
// measured tab then finds in its session storage as if the customer had logged in there.

/** Collects the server's output so codes can be read from it. */
export function smsLog(stream) {
  let text = '';
  stream.on('data', (chunk) => {
    text += String(chunk);
    if (text.length > 1_000_000) text = text.slice(-500_000);
  });
  return {
    /** The newest code sent to `e164`, waiting for it up to 10 s. */
    async codeFor(e164) {
      for (let waited = 0; waited < 10_000; waited += 100) {
        const code = [...text.matchAll(/\[sms\] OTP for (\+\d+): (\d{6})/g)].findLast((m) => m[1] === e164)?.[2];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no OTP for ${e164} in the server's output`);
    },
  };
}

async function call(origin, path, body) {
  const res = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', identify: 'lighthouse-bench' },
    body: JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Logs `phone` (local digits, e.g. 100000001) in; returns the session the site keeps in session storage. */
export async function logIn(origin, log, phone) {
  await call(origin, '/app/user/send/sms', { phone });
  const code = await log.codeFor(`+60${phone}`);
  const { userKey, user } = await call(origin, '/app/user/client-login', { phone, code });
  return { userKey, user };
}

/**
 * Storage the measured tab starts with, set before any of the page's scripts run: the session,
 * and what the site remembers of an earlier visit, since Lighthouse clears storage before each
 * run: in `remembered` (localStorage) that My Orders found this customer with no orders
 * (src/stores/no-orders.ts), in `tab` (sessionStorage) the staff role the tab learnt on its
 * first console page (src/lib/staff-memory.ts).
 */
export function seedStorage(page, session, remembered = {}, tab = {}) {
  return page.evaluateOnNewDocument(
    (value, local, own) => {
      try {
        sessionStorage.setItem('servauto.user', value);
        for (const [key, item] of Object.entries(own)) sessionStorage.setItem(key, item);
        for (const [key, item] of Object.entries(local)) localStorage.setItem(key, item);
      } catch {
        /* about:blank has no storage */
      }
    },
    JSON.stringify(session),
    remembered,
    tab,
  );
}
