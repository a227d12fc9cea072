import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { MAX_IMAGE_BYTES } from "./constants";
import { detectImageType } from "./detect-type";
import { processImage } from "./process-image";
import { randomSuffix, storedFileName } from "./random-suffix";

/** A JPEG of the given size with camera EXIF including a GPS position. */
async function photoWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "GPS-1", Copyright: "Ann Lee" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "44/1 15/1 36/1", GPSLongitudeRef: "W", GPSLongitude: "72/1 34/1 30/1" },
    })
    .toBuffer();
}

const refused = async (p: Promise<unknown>) => {
  const err = await p.catch((e) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe("image processing", () => {
  test("strips EXIF with the GPS position and re-encodes as JPEG", async () => {
    const input = await photoWithGps(1200, 900);
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.toString("latin1")).toContain("TestCam");

    const out = await processImage(input);
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(out.data.includes(Buffer.from("TestCam"))).toBe(false);
    expect(out.data.includes(Buffer.from("GPS"))).toBe(false);
    expect([out.width, out.height]).toEqual([1200, 900]);
  });

  test("caps the height at 1080 keeping the ratio, and square crops at 400", async () => {
    const wide = await processImage(await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#888" } }).png().toBuffer());
    expect([wide.width, wide.height]).toEqual([1440, 1080]);
    const meta = await sharp(wide.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1440, 1080]);

    const square = await processImage(await sharp({ create: { width: 3000, height: 3000, channels: 3, background: "#888" } }).jpeg().toBuffer());
    expect([square.width, square.height]).toEqual([400, 400]);

    const forcedSquare = await processImage(await sharp({ create: { width: 900, height: 600, channels: 3, background: "#888" } }).jpeg().toBuffer(), {
      square: true,
    });
    expect([forcedSquare.width, forcedSquare.height]).toEqual([400, 400]);

    // Small images are not enlarged.
    const small = await processImage(await sharp({ create: { width: 320, height: 180, channels: 3, background: "#888" } }).webp().toBuffer());
    expect([small.width, small.height]).toEqual([320, 180]);
  });

  test("uses JPEG quality 70: the output matches sharp's quality-70 encoding size", async () => {
    const input = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const out = await processImage(input);
    const q70 = await sharp(input).jpeg({ quality: 70 }).toBuffer();
    const q90 = await sharp(input).jpeg({ quality: 90 }).toBuffer();
    expect(out.data.length).toBe(q70.length);
    expect(out.data.length).toBeLessThan(q90.length);
  });

  test("refuses a text file renamed .jpg and bytes that only look like a JPEG", async () => {
    const text = Buffer.from("This is a plain text file that somebody renamed to holiday.jpg\n".repeat(20));
    expect((await refused(processImage(text))).message).toBe(messages.images.invalid);
    const truncated = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await refused(processImage(truncated))).message).toBe(messages.images.invalid);
    expect((await refused(processImage(new Uint8Array()))).message).toBe(messages.images.invalid);
  });

  test("refuses a file over 10485760 bytes before decoding it", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const err = await refused(processImage(big));
    expect(err.message).toBe(messages.images.tooLarge);
    expect(err.status).toBe(413);
  });

  test("detects types from bytes, not names", async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } }).png().toBuffer();
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } }).webp().toBuffer();
    expect(detectImageType(png)).toBe("image/png");
    expect(detectImageType(gif)).toBe("image/gif");
    expect(detectImageType(webp)).toBe("image/webp");
    expect(detectImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(Buffer.from("%PDF-1.7"))).toBeNull();
  });

  test("file names end in a 15-character random alphanumeric suffix", () => {
    const a = randomSuffix();
    expect(a).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(randomSuffix()).not.toBe(a);
    expect(storedFileName("My Holiday Photo!.PNG")).toMatch(/^my-holiday-photo_[A-Za-z0-9]{15}\.jpg$/);
    expect(storedFileName("../../etc/passwd")).toMatch(/^etc-passwd_[A-Za-z0-9]{15}\.jpg$/);
    expect(storedFileName(undefined)).toMatch(/^image_[A-Za-z0-9]{15}\.jpg$/);
  });
});
