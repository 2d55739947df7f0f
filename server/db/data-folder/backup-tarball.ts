// The tar inside a backup. PGlite's dumpDataDir names every entry from the root ("/PG_VERSION") and takes the
// whole folder, the running server's pid file, lock and backup requests included. A backup holds relative names
// and only the database and the keys; a restore refuses a tarball that would write outside its folder.
// Read and written with tar-stream (ustar, as PGlite writes and reads it).
import { extract, pack } from 'tar-stream';

/** What belongs to the running process, not to the data: PostgreSQL's pid file, our lock, pending backup requests. */
export const LEFT_OUT = [/^postmaster\.pid$/, /^recipe-book\.lock$/, /^backup-requests(\/|$)/];

const segments = (name: string) => name.replace(/^\/+/, '').replace(/\/+$/, '').split('/');

/** Every entry of the tar in order: its header and its data (a backup's files are small enough to hold). */
async function* entries(tar: Uint8Array) {
  const reader = extract();
  reader.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    yield { header: entry.header, data: Buffer.concat(chunks) };
  }
}

/** The tar with names made relative and the process's own files left out. */
export async function cleanTarball(tar: Uint8Array): Promise<Buffer> {
  const writer = pack();
  const chunks: Buffer[] = [];
  writer.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const finished = new Promise<void>((resolve, reject) => writer.on('end', resolve).on('error', reject));
  for await (const { header, data } of entries(tar)) {
    const name = segments(header.name).join('/');
    if (!name || LEFT_OUT.some((rule) => rule.test(name))) continue;
    // PGlite reads plain ustar names (no prefix field, no pax): a data folder's paths are far shorter.
    if (Buffer.byteLength(name) > 100)
      throw new Error(`a file name in the data folder is too long for the backup: ${name}`);
    writer.entry({ ...header, name, pax: null }, data);
  }
  writer.finalize();
  await finished;
  return Buffer.concat(chunks);
}

/** The first entry that would land outside the folder it is unpacked into (a ".." in its name), or null. */
export async function escapingEntry(tar: Uint8Array): Promise<string | null> {
  for await (const { header } of entries(tar)) if (segments(header.name).includes('..')) return header.name;
  return null;
}
