// The tar inside a backup. PGlite's dumpDataDir names every entry from the root ("/PG_VERSION") and takes the
// whole folder, the running server's pid file, lock and backup requests included. A backup holds relative names
// and only the database and the keys; a restore refuses a tarball that would write outside its folder.
// Plain ustar (512-byte records) as PGlite writes and reads it: a header, the data padded to 512, two zero records.
const RECORD = 512;

/** What belongs to the running process, not to the data: PostgreSQL's pid file, our lock, pending backup requests. */
export const LEFT_OUT = [/^postmaster\.pid$/, /^recipe-book\.lock$/, /^backup-requests(\/|$)/];

type Entry = { name: string; header: Uint8Array; data: Uint8Array };

function* entries(tar: Uint8Array): Generator<Entry> {
  for (let offset = 0; offset + RECORD <= tar.length; ) {
    const header = tar.subarray(offset, offset + RECORD);
    if (header.every((byte) => byte === 0)) return;
    const text = (start: number, length: number) => new TextDecoder().decode(header.subarray(start, start + length)).replace(/\0.*$/s, '');
    const prefix = text(345, 131);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = header[156] === 0x30 || header[156] === 0 ? parseInt(text(124, 12).trim() || '0', 8) : 0;
    offset += RECORD;
    yield { name, header, data: tar.subarray(offset, offset + size) };
    offset += Math.ceil(size / RECORD) * RECORD;
  }
}

const segments = (name: string) => name.replace(/^\/+/, '').replace(/\/+$/, '').split('/');

/** The tar with names made relative and the process's own files left out. */
export function cleanTarball(tar: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries(tar)) {
    const name = segments(entry.name).join('/');
    if (!name || LEFT_OUT.some((rule) => rule.test(name))) continue;
    const encoded = new TextEncoder().encode(name);
    if (encoded.length > 100) throw new Error(`a file name in the data folder is too long for the backup: ${name}`);
    const header = new Uint8Array(entry.header);
    header.fill(0, 0, 100).set(encoded, 0);
    header.fill(0, 345, 476);
    header.fill(0x20, 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    parts.push(header, entry.data, new Uint8Array((RECORD - (entry.data.length % RECORD)) % RECORD));
  }
  parts.push(new Uint8Array(RECORD * 2));
  return Buffer.concat(parts);
}

/** The first entry that would land outside the folder it is unpacked into (a ".." in its name), or null. */
export function escapingEntry(tar: Uint8Array): string | null {
  for (const { name } of entries(tar)) if (segments(name).includes('..')) return name;
  return null;
}
