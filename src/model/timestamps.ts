/** A timestamp as answers and export files write it: ISO 8601 in UTC; none stays null. */
export function iso(date: Date): string;
export function iso(date: Date | null | undefined): string | null;
export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
