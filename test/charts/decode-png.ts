import { inflateSync } from "node:zlib";

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  readonly pixels: Uint8Array;
}

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Reads the IHDR only: enough to check that bytes are a PNG of a given size. */
export function readPngHeader(png: Buffer): {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
} {
  if (!png.subarray(0, 8).equals(signature)) throw new Error("not a PNG signature");
  if (png.toString("latin1", 12, 16) !== "IHDR") throw new Error("first chunk is not IHDR");
  return {
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    bitDepth: png[24]!,
    colourType: png[25]!,
  };
}

/**
 * Decodes the 8-bit RGB/RGBA, non-interlaced PNGs resvg writes, so tests can look at pixels without
 * another dependency (PNG spec §9 filters).
 */
export function decodePng(png: Buffer): DecodedPng {
  const { width, height, bitDepth, colourType } = readPngHeader(png);
  if (bitDepth !== 8 || (colourType !== 6 && colourType !== 2)) throw new Error("unsupported PNG format");
  const channels = colourType === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    if (type === "IDAT") idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      rows[y * stride + x] = (value + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  return { width, height, pixels: channels === 4 ? rows : addAlpha(rows) };
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return Math.floor((left + up) / 2);
    case 4: {
      const estimate = left + up - upLeft;
      const [toLeft, toUp, toUpLeft] = [estimate - left, estimate - up, estimate - upLeft].map(Math.abs);
      return toLeft! <= toUp! && toLeft! <= toUpLeft! ? left : toUp! <= toUpLeft! ? up : upLeft;
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`);
  }
}

function addAlpha(rgb: Uint8Array): Uint8Array {
  const rgba = new Uint8Array((rgb.length / 3) * 4);
  for (let index = 0; index < rgb.length / 3; index++) {
    rgba.set(rgb.subarray(index * 3, index * 3 + 3), index * 4);
    rgba[index * 4 + 3] = 255;
  }
  return rgba;
}

/** Pixels in a rectangle brighter than `minimumLuminance` (0–255); text in the chart is near-white. */
export function countBrightPixels(
  image: DecodedPng,
  area: { x: number; y: number; width: number; height: number },
  minimumLuminance = 180,
): number {
  let count = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      const index = (y * image.width + x) * 4;
      const luminance =
        0.2126 * image.pixels[index]! + 0.7152 * image.pixels[index + 1]! + 0.0722 * image.pixels[index + 2]!;
      if (luminance >= minimumLuminance) count++;
    }
  }
  return count;
}
