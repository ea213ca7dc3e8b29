import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

/**
 * The server's secret: ENGRAM_SECRET_KEY, else one generated once into DATA_DIR. Processes that
 * share a PostgreSQL must share it too, so set the variable when running more than one.
 */
export function loadSecretKey(config: Config): Buffer {
  if (config.ENGRAM_SECRET_KEY) return Buffer.from(config.ENGRAM_SECRET_KEY, 'utf8');
  if (config.DATA_DIR.startsWith('memory://')) return randomBytes(32);
  const file = join(config.DATA_DIR, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/**
 * The token `engram backup` sends for a copy of the embedded database: derived from the secret key,
 * so whoever runs the server (and can read its DATA_DIR) holds it, and no API key, of any
 * organization, opens the whole database.
 */
export function backupToken(secretKey: Buffer): string {
  return createHmac('sha256', secretKey).update('engram backup token v1').digest('hex');
}
