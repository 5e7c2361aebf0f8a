import { correction, generate } from 'lean-qr/nano';

/** Light modules around the code, as scanners expect. */
const QUIET_ZONE = 4;

/**
 * A text (an e-invoice's validation link) as a QR code for an SVG: the dark modules as one
 * path in a square of `size` modules, quiet zone included, as the pickup code's is drawn.
 * Error correction M keeps it readable when printed on a plain office printer.
 */
export function qrSvg(text: string): { size: number; path: string } | null {
  let code;
  try {
    code = generate(text, { minCorrectionLevel: correction.M });
  } catch {
    // Too long for any QR version: the link is still printed in words.
    return null;
  }
  let path = '';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
  }
  return { size: code.size + QUIET_ZONE * 2, path };
}

/**
 * The same QR as a PNG (a data: URL) drawn on a canvas, `scale` pixels a module, for saving to a
 * phone's photos: banking and e-wallet apps scan a QR picked from there. Browser only.
 */
export function qrPngUrl(text: string, scale = 8): string | null {
  let code;
  try {
    code = generate(text, { minCorrectionLevel: correction.M });
  } catch {
    return null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = (code.size + QUIET_ZONE * 2) * scale;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) context.fillRect((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale, scale, scale);
  }
  return canvas.toDataURL('image/png');
}
