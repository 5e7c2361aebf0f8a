/**
 * A QR code as SVG squares, crisp on screen and on paper. Drawn here rather than shared with
 * the pickup code's: a component shared by two pages' islands becomes a module of its own that
 * the order page would load too.
 */
export function QrCode({ qr, label }: { qr: { size: number; path: string }; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${qr.size} ${qr.size}`} width="160" height="160" shapeRendering="crispEdges" className="shrink-0 bg-white">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
