import { z } from 'zod';

const RESERVED_BUCKET_KEYS = ['static', 'dynamic'];

export const ProfileBucket = z
  .object({
    key: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9][a-z0-9_-]*$/, 'bucket keys are lowercase letters, digits, _ and -, starting with a letter or digit')
      .refine((key) => !RESERVED_BUCKET_KEYS.includes(key), 'static and dynamic are reserved bucket keys'),
    description: z.string().max(2000).default(''),
  })
  .meta({ id: 'ProfileBucket' });

/** A whole list of buckets; it replaces the previous one. */
export const ProfileBuckets = z
  .array(ProfileBucket)
  .max(50)
  .superRefine((buckets, ctx) => {
    const seen = new Set<string>();
    buckets.forEach((bucket, index) => {
      if (seen.has(bucket.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: `duplicate bucket key "${bucket.key}"` });
      seen.add(bucket.key);
    });
  });
