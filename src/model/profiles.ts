/** A topical group of profile lines, e.g. `work` or `preferences`. */
export interface ProfileBucket {
  key: string;
  description: string;
}

/** One line of a profile, with what a reader needs to drop it once it expires. */
export interface ProfileEntry {
  memoryId: string;
  memory: string;
  date: string | null;
  forgetAfter: string | null;
}
