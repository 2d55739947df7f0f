import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataFolderProblem, folderFacts, type FolderFacts } from '../../../server/db/data-folder/private-folder.ts';

const mine: FolderFacts = { path: '/data', exists: true, isDirectory: true, owner: 1000, notWritable: undefined };

describe('dataFolderProblem', () => {
  it('accepts a folder of this user that it can write', () => {
    expect(dataFolderProblem(mine, 1000)).toBeUndefined();
  });

  it('says a read-only volume is read-only', () => {
    expect(dataFolderProblem({ ...mine, notWritable: 'EROFS' }, 1000)).toBe(
      'The data folder /data is read-only: mount it writable (in a container: a volume without :ro), or set DATA_DIR to a folder this user (uid 1000) can write.',
    );
  });

  it("names another user's folder and how to hand it over", () => {
    expect(dataFolderProblem({ ...mine, owner: 0, notWritable: 'EACCES' }, 1000)).toBe(
      "The data folder /data belongs to uid 0, not to this user (uid 1000) that runs the server: give it to this user (chown -R 1000 /data), use a new named volume (the image makes it this user's), or set DATA_DIR to a folder of this user's.",
    );
  });

  it('lets root use a folder it does not own', () => {
    expect(dataFolderProblem({ ...mine, owner: 1000 }, 0)).toBeUndefined();
  });

  it('names the folder above when the data folder is still to be created', () => {
    const facts: FolderFacts = { ...mine, path: '/srv/data', exists: false, parent: '/srv', notWritable: 'EACCES' };
    expect(dataFolderProblem(facts, 1000)).toBe(
      'The data folder /srv (where /srv/data would be created) cannot be written by this user (uid 1000) (EACCES): give it to this user (chown -R 1000 …), or set DATA_DIR to a folder this user can write.',
    );
  });

  it('refuses a file', () => {
    expect(dataFolderProblem({ ...mine, isDirectory: false }, 1000)).toBe(
      'The data folder /data is not a folder: set DATA_DIR to a folder.',
    );
  });
});

describe('folderFacts', () => {
  const root = mkdtempSync(join(tmpdir(), 'data-folder-'));

  it('reads an existing folder', () => {
    expect(folderFacts(root)).toMatchObject({ path: root, exists: true, isDirectory: true, notWritable: undefined });
  });

  it('finds the nearest existing folder above a new one', () => {
    expect(folderFacts(join(root, 'a', 'b'))).toMatchObject({
      path: join(root, 'a', 'b'),
      exists: false,
      parent: root,
    });
  });

  it('sees a file', () => {
    writeFileSync(join(root, 'file'), '');
    expect(folderFacts(join(root, 'file'))).toMatchObject({ exists: true, isDirectory: false });
  });
});
