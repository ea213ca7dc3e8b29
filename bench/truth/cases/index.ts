import type { TruthCase } from '../types.js';
import { DATE_CASES } from './dates.js';
import { DELETE_CASES } from './deletes.js';
import { EDIT_CASES } from './edits.js';
import { FURNITURE_CASES } from './furniture.js';

/** Every case, by class in the order. */
export const ALL_CASES: TruthCase[] = [...EDIT_CASES, ...DELETE_CASES, ...FURNITURE_CASES, ...DATE_CASES];
