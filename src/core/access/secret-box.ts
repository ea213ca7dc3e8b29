import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretBoxError extends Error {}

/**
 * AES-256-GCM sealing of small secrets stored in the database. The key is derived from the
 * server secret per purpose, and each value is bound to a context (e.g. org and field) so a
 * sealed value copied to another row does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'engram', purpose, 32));
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new SecretBoxError('not a sealed value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the sealed value does not open with this server secret');
    }
  }
}
