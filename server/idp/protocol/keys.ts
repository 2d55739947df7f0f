import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

/** The provider's secrets: an RS256 pair for access/ID tokens, an HS512 secret for refresh tokens, one for CSRF. */
export type IdpKeys = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  refreshKid: string;
  refreshSecret: Uint8Array;
  csrfSecret: Buffer;
};

type KeyFile = { kid: string; privateJwk: JWK; refreshKid: string; refreshSecret: string; csrfSecret: string };

const FILE = 'idp-keys.json';

async function generate(): Promise<KeyFile> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return {
    kid: await calculateJwkThumbprint(privateJwk),
    privateJwk,
    refreshKid: randomBytes(16).toString('hex'),
    refreshSecret: randomBytes(64).toString('base64url'),
    csrfSecret: randomBytes(32).toString('base64url'),
  };
}

async function readKeyFile(path: string): Promise<KeyFile | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as KeyFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Cannot read the identity provider's keys in ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Generates new keys into `${dataDir}/idp-keys.json`, replacing any there: tokens signed with the old ones stop working. */
export async function writeNewKeys(dataDir: string): Promise<KeyFile> {
  const file = await generate();
  const path = join(dataDir, FILE);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(file), { mode: 0o600 });
  await rename(tmp, path);
  return file;
}

/**
 * Loads the keys from `${dataDir}/idp-keys.json`, creating them on first start. Reusing them after a restart
 * keeps issued tokens and sessions valid. The file is written 0600 and renamed into place so a crash never
 * leaves half a key behind.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<IdpKeys> {
  const path = join(dataDir, FILE);
  const file = (await readKeyFile(path)) ?? (await writeNewKeys(dataDir));
  const privateKey = (await importJWK({ ...file.privateJwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  const { n, e, kty } = file.privateJwk;
  const publicJwk: JWK = { kty, n, e, kid: file.kid, use: 'sig', alg: 'RS256' };
  return {
    kid: file.kid,
    privateKey,
    publicKey: (await importJWK(publicJwk, 'RS256')) as CryptoKey,
    publicJwk,
    refreshKid: file.refreshKid,
    refreshSecret: Buffer.from(file.refreshSecret, 'base64url'),
    csrfSecret: Buffer.from(file.csrfSecret, 'base64url'),
  };
}
