import type { TruthCase } from '../types.js';
import { DATE_CASES } from './dates.js';
import { DELETE_CASES } from './deletes.js';
import { EDIT_CASES } from './edits.js';
import { FURNITURE_CASES } from './furniture.js';
import { ONE_FACT_CASES } from './one-fact.js';
import { QUESTION_CASES } from './questions.js';
import { UPDATE_CASES } from './updates.js';

/** Every case, by class in the order. */
export const ALL_CASES: TruthCase[] = [
  ...EDIT_CASES,
  ...DELETE_CASES,
  ...FURNITURE_CASES,
  ...DATE_CASES,
  ...ONE_FACT_CASES,
  ...QUESTION_CASES,
  ...UPDATE_CASES,
];
