import qrcode from "qrcode-generator";

/**
 * The authenticator app's QR code for an `otpauth://` address, as one SVG path (a square per dark
 * module, with a quiet zone of 4): drawn by the page itself, no image request, no inline script.
 */
export function qrCodePath(uri: string): { size: number; d: string } {
  const qr = qrcode(0, "M");
  qr.addData(uri);
  qr.make();
  const count = qr.getModuleCount();
  const margin = 4;
  let d = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + margin} ${row + margin}h1v1h-1z`;
  }
  return { size: count + 2 * margin, d };
}

/** The secret of an `otpauth://` address, in groups of four for typing it in by hand. */
export function totpSecret(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}
