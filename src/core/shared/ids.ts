import { customAlphabet } from 'nanoid';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 22 base62 characters (~131 bits), the id shape clients expect for documents and memories. */
export const newId: () => string = customAlphabet(BASE62, 22);

export const newSecret: () => string = customAlphabet(BASE62, 40);
