import { useMemo } from 'react';
import QRCode from 'qrcode';

/** Light squares around the code, as the QR specification asks for a scanner to find it. */
const QUIET_ZONE = 4;

/**
 * The otpauth:// address as a QR code an authenticator app scans: drawn as one SVG path from the
 * code's modules (no image URL, nothing the page's content security policy must allow).
 */
export function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    let drawn = '';
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) drawn += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { size: modules.size + QUIET_ZONE * 2, path: drawn };
  }, [uri]);
  return (
    <svg
      className="totp-qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
