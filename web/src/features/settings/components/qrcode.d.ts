/**
 * The one call of `qrcode` (1.5, a dependency of @aws-amplify/ui-react's own TOTP set-up screen,
 * which ships no types) this app makes: the QR code's modules, which it draws as SVG itself.
 */
declare module 'qrcode' {
  interface BitMatrix {
    readonly size: number;
    get(row: number, column: number): number;
  }
  interface QRCodeData {
    readonly modules: BitMatrix;
  }
  const QRCode: {
    create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QRCodeData;
  };
  export default QRCode;
}
