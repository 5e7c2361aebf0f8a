/**
 * The pickup code as a QR code for the counter's scanner: SVG squares, crisp at any size and in
 * print. The server draws the modules (app/find's pickupQr), so the page carries no encoder.
 */
export function PickupQr({ qr, label }: { qr: { size: number; path: string } | null; label: string }) {
  if (!qr) return null;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${qr.size} ${qr.size}`} width="176" height="176" shapeRendering="crispEdges" className="shrink-0 rounded-lg bg-white">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
