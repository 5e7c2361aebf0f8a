import { correction, generate, mode } from 'lean-qr';

/**
 * The pickup code as a QR code for the workshop counter's scanner, drawn on the server so the
 * order page carries no encoder: numeric mode in a version 1 code (21×21 modules, up to 34
 * digits), error correction M or better, the mask the encoder scores best.
 */
export const QR_MAX_DIGITS = 34;
const QUIET_ZONE = 4;

/** The code's modules, or null for what is not 1 to 34 digits (the code is still shown in large print). */
export function pickupQr(digits: string) {
  if (!new RegExp(`^\\d{1,${QR_MAX_DIGITS}}$`).test(digits)) return null;
  return generate(mode.numeric(digits), { minCorrectionLevel: correction.M, minVersion: 1, maxVersion: 1 });
}

/** As app/find answers it: an SVG path of the dark modules in a square of `size` modules, quiet zone included. */
export function pickupQrSvg(digits: string): { size: number; path: string } | null {
  const code = pickupQr(digits);
  if (!code) return null;
  let path = '';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
  }
  return { size: code.size + QUIET_ZONE * 2, path };
}
