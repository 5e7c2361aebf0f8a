import { pickupQr } from '../../lib/qr.ts';

/** The pickup code as a QR code for the counter's scanner: SVG squares, crisp at any size and in print. */
export function PickupQr({ code, label }: { code: string; label: string }) {
  const qr = pickupQr(code);
  if (!qr) return null;
  const quiet = 4;
  const size = qr.length + quiet * 2;
  let path = '';
  qr.forEach((row, y) => row.forEach((on, x) => on && (path += `M${x + quiet} ${y + quiet}h1v1h-1z`)));
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="176" height="176" shapeRendering="crispEdges" className="shrink-0 rounded-lg bg-white">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
