// A QR code drawn from its module matrix (rows of dark/light), as one SVG path: crisp at any size,
// printable, no image request. The matrix is made on the server (uqr's encode).
import { qrPath } from '~/lib/qr-path';

export function QrCode({ modules, label, size = 200 }: { modules: boolean[][]; label: string; size?: number }) {
  const n = modules.length;
  const d = qrPath(modules);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="qr-code"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
