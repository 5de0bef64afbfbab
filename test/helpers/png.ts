import { inflateSync } from "node:zlib";

// Enough of PNG to check the app icons: the header, and the pixels of 8-bit RGBA images.

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 6: RGBA. */
  colorType: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunks(png: Uint8Array): { type: string; data: Buffer }[] {
  const bytes = Buffer.from(png);
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  const found: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    found.push({
      type: bytes.toString("latin1", at + 4, at + 8),
      data: bytes.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return found;
}

export function pngHeader(png: Uint8Array): PngHeader {
  const ihdr = chunks(png)[0];
  if (ihdr?.type !== "IHDR") throw new Error("the PNG does not start with IHDR");
  return {
    width: ihdr.data.readUInt32BE(0),
    height: ihdr.data.readUInt32BE(4),
    bitDepth: ihdr.data[8]!,
    colorType: ihdr.data[9]!,
  };
}

/** Each pixel as [r, g, b, a], of a non-interlaced 8-bit RGBA PNG. */
export function rgbaPixels(png: Uint8Array): [number, number, number, number][] {
  const { width, height, bitDepth, colorType } = pngHeader(png);
  if (bitDepth !== 8 || colorType !== 6) throw new Error("only 8-bit RGBA is read here");
  const raw = inflateSync(
    Buffer.concat(
      chunks(png)
        .filter((c) => c.type === "IDAT")
        .map((c) => c.data)
    )
  );
  const stride = width * 4;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? out[y * stride + x - 4]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? out[(y - 1) * stride + x - 4]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter!];
      if (predictor === undefined) throw new Error(`unknown PNG filter ${filter}`);
      out[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  const pixels: [number, number, number, number][] = [];
  for (let i = 0; i < out.length; i += 4)
    pixels.push([out[i]!, out[i + 1]!, out[i + 2]!, out[i + 3]!]);
  return pixels;
}
