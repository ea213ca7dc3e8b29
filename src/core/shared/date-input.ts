import { invalidInput } from '../../model/errors.js';

/**
 * Years a request date may fall in. JavaScript dates reach ±275,760 years and PostgreSQL's
 * timestamptz 4713 BC to 294276 AD; both bounds are refused by the other, so requests keep to
 * four-digit years.
 */
export const MIN_DATE_YEAR = 1;
export const MAX_DATE_YEAR = 9999;

/** A date given in a request: undefined and null pass through, anything unparseable or out of range is invalid input naming the field. */
export function parseDateInput(value: string | null | undefined, field: string, error = 'Invalid date'): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidInput(error, `${field}: "${value}" is not a date`);
  const year = date.getUTCFullYear();
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) {
    throw invalidInput(error, `${field}: "${value}" is outside the supported years ${MIN_DATE_YEAR}–${MAX_DATE_YEAR}`);
  }
  return date;
}
