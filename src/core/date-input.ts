import { badRequest } from './errors.js';

/** A date given in a request: undefined and null pass through, anything unparseable is a 400 naming the field. */
export function parseDateInput(value: string | null | undefined, field: string, error = 'Invalid date'): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(error, `${field}: "${value}" is not a date`);
  return date;
}
