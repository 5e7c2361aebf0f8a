import { generate } from 'lean-qr/nano';

/** The pickup code as a QR code for the counter's scanner: drawn as SVG squares, crisp at any size and in print. */
export default function PickupQr({ code, label }: { code: string; label: string }) {
  const qr = generate(code);
  const quiet = 4;
  const size = qr.size + quiet * 2;
  let path = '';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) if (qr.get(x, y)) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="176" height="176" shapeRendering="crispEdges" className="rounded-lg bg-white">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
