/** "29:05", or "1:02:03" past an hour: the time left to pay, from whole seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Seconds left until `deadline` (epoch ms) at `now`, never below 0. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** wa.me wants the number in international digits only: "+60 3-7890 1234" → "60378901234". */
export function whatsappLink(phone: string, text: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `6${digits}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
