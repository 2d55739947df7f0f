// A Tandoor export whose one inner zip is hundreds of MB (a stored photo of zeros) while the upload is well under
// 1 MB: the inner zip is built and deflated as a stream, a megabyte at a time, so the test process never holds it
// (the memory the test measures is the server's). Headers as tests/fixtures/apps/zip-writer.ts writes them.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { sampleRecipes, tandoorJson } from '../../fixtures/apps/make-exports.ts';

type Item = { name: string; crc: number; compressed: number; size: number; method: 0 | 8; offset: number };

function localHeader(item: Item): Buffer {
  const name = Buffer.from(item.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(item.method, 8);
  header.writeUInt32LE(0x00210000, 10);
  header.writeUInt32LE(item.crc, 14);
  header.writeUInt32LE(item.compressed, 18);
  header.writeUInt32LE(item.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function directory(items: Item[], offset: number): Buffer {
  const central = items.map((item) => {
    const name = Buffer.from(item.name);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(item.method, 10);
    entry.writeUInt32LE(0x00210000, 12);
    entry.writeUInt32LE(item.crc, 16);
    entry.writeUInt32LE(item.compressed, 20);
    entry.writeUInt32LE(item.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    entry.writeUInt32LE(item.offset, 42);
    return Buffer.concat([entry, name]);
  });
  const body = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(body.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([body, end]);
}

/** '1.zip' holding recipe.json and image.jpg of `photoMb` MB of zeros, stored; the outer entry deflated. */
export async function tandoorWithLargeInnerZip(photoMb: number): Promise<{ bytes: Buffer; innerBytes: number }> {
  const MB = Buffer.alloc(1024 * 1024);
  const json = Buffer.from(JSON.stringify(tandoorJson(sampleRecipes(1)[0]!)));
  let photoCrc = 0;
  for (let i = 0; i < photoMb; i++) photoCrc = crc32(MB, photoCrc);
  const recipe: Item = {
    name: 'recipe.json',
    crc: crc32(json),
    compressed: json.length,
    size: json.length,
    method: 0,
    offset: 0,
  };
  const head = localHeader(recipe);
  const photoSize = photoMb * MB.length;
  const photo: Item = {
    name: 'image.jpg',
    crc: photoCrc,
    compressed: photoSize,
    size: photoSize,
    method: 0,
    offset: head.length + json.length,
  };
  const photoHead = localHeader(photo);
  const tail = directory([recipe, photo], photo.offset + photoHead.length + photoSize);
  let innerCrc = 0;
  let innerBytes = 0;
  function* inner(): Generator<Buffer> {
    for (const part of [head, json, photoHead, ...Array<Buffer>(photoMb).fill(MB), tail]) {
      innerCrc = crc32(part, innerCrc);
      innerBytes += part.length;
      yield part;
    }
  }
  const deflated = await buffer(Readable.from(inner()).pipe(createDeflateRaw({ level: 1 })));
  const outer: Item = {
    name: '1.zip',
    crc: innerCrc,
    compressed: deflated.length,
    size: innerBytes,
    method: 8,
    offset: 0,
  };
  const outerHead = localHeader(outer);
  return {
    bytes: Buffer.concat([outerHead, deflated, directory([outer], outerHead.length + deflated.length)]),
    innerBytes,
  };
}
