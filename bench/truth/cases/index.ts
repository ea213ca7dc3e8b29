import type { TruthCase } from '../types.js';
import { DATE_CASES } from './dates.js';
import { DELETE_CASES } from './deletes.js';
import { DEV_DATE_CASES } from './dev-dates.js';
import { DEV_DELETE_CASES } from './dev-deletes.js';
import { DEV_EDIT_CASES } from './dev-edits.js';
import { DEV_FURNITURE_CASES } from './dev-furniture.js';
import { SECOND_DEV_FURNITURE_CASES } from './dev-furniture-second.js';
import { THIRD_DEV_FURNITURE_CASES } from './dev-furniture-third.js';
import { FOURTH_DEV_FURNITURE_CASES } from './dev-furniture-fourth.js';
import { FIFTH_DEV_FURNITURE_CASES } from './dev-furniture-fifth.js';
import { SIXTH_DEV_FURNITURE_CASES } from './dev-furniture-sixth.js';
import { SEVENTH_DEV_FURNITURE_CASES } from './dev-furniture-seventh.js';
import { DEV_ONE_FACT_CASES } from './dev-one-fact.js';
import { DEV_QUESTION_CASES } from './dev-questions.js';
import { SECOND_DEV_QUESTION_CASES } from './dev-questions-second.js';
import { THIRD_DEV_QUESTION_CASES } from './dev-questions-third.js';
import { DEV_UPDATE_CASES } from './dev-updates.js';
import { MORE_DEV_UPDATE_CASES } from './dev-updates-more.js';
import { FIFTH_DEV_UPDATE_CASES } from './dev-updates-fifth.js';
import { FOURTH_DEV_UPDATE_CASES } from './dev-updates-fourth.js';
import { EIGHTH_DEV_UPDATE_CASES } from './dev-updates-eighth.js';
import { NINTH_DEV_UPDATE_CASES } from './dev-updates-ninth.js';
import { TENTH_DEV_UPDATE_CASES } from './dev-updates-tenth.js';
import { ELEVENTH_DEV_UPDATE_CASES } from './dev-updates-eleventh.js';
import { TWELFTH_DEV_UPDATE_CASES } from './dev-updates-twelfth.js';
import { THIRTEENTH_DEV_UPDATE_CASES } from './dev-updates-thirteenth.js';
import { FOURTEENTH_DEV_UPDATE_CASES } from './dev-updates-fourteenth.js';
import { FIFTEENTH_DEV_UPDATE_CASES } from './dev-updates-fifteenth.js';
import { SIXTEENTH_DEV_UPDATE_CASES } from './dev-updates-sixteenth.js';
import { SEVENTEENTH_DEV_UPDATE_CASES } from './dev-updates-seventeenth.js';
import { EIGHTEENTH_DEV_UPDATE_CASES } from './dev-updates-eighteenth.js';
import { NINETEENTH_DEV_UPDATE_CASES } from './dev-updates-nineteenth.js';
import { TWENTIETH_DEV_UPDATE_CASES } from './dev-updates-twentieth.js';
import { TWENTY_FIRST_DEV_UPDATE_CASES } from './dev-updates-twenty-first.js';
import { TWENTY_SECOND_DEV_UPDATE_CASES } from './dev-updates-twenty-second.js';
import { TWENTY_THIRD_DEV_UPDATE_CASES } from './dev-updates-twenty-third.js';
import { TWENTY_FOURTH_DEV_UPDATE_CASES } from './dev-updates-twenty-fourth.js';
import { SEVENTH_DEV_UPDATE_CASES } from './dev-updates-seventh.js';
import { SIXTH_DEV_UPDATE_CASES } from './dev-updates-sixth.js';
import { THIRD_DEV_UPDATE_CASES } from './dev-updates-third.js';
import { EDIT_CASES } from './edits.js';
import { FURNITURE_CASES } from './furniture.js';
import { ONE_FACT_CASES } from './one-fact.js';
import { QUESTION_CASES } from './questions.js';
import { UPDATE_CASES } from './updates.js';

/** Every case, by class in the order: the tune and report halves, then the dev set. */
export const ALL_CASES: TruthCase[] = [
  ...EDIT_CASES,
  ...DELETE_CASES,
  ...FURNITURE_CASES,
  ...DATE_CASES,
  ...ONE_FACT_CASES,
  ...QUESTION_CASES,
  ...UPDATE_CASES,
  ...DEV_EDIT_CASES,
  ...DEV_DELETE_CASES,
  ...DEV_FURNITURE_CASES,
  ...SECOND_DEV_FURNITURE_CASES,
  ...THIRD_DEV_FURNITURE_CASES,
  ...FOURTH_DEV_FURNITURE_CASES,
  ...FIFTH_DEV_FURNITURE_CASES,
  ...SIXTH_DEV_FURNITURE_CASES,
  ...SEVENTH_DEV_FURNITURE_CASES,
  ...DEV_DATE_CASES,
  ...DEV_ONE_FACT_CASES,
  ...DEV_QUESTION_CASES,
  ...SECOND_DEV_QUESTION_CASES,
  ...THIRD_DEV_QUESTION_CASES,
  ...DEV_UPDATE_CASES,
  ...MORE_DEV_UPDATE_CASES,
  ...THIRD_DEV_UPDATE_CASES,
  ...FOURTH_DEV_UPDATE_CASES,
  ...FIFTH_DEV_UPDATE_CASES,
  ...SIXTH_DEV_UPDATE_CASES,
  ...SEVENTH_DEV_UPDATE_CASES,
  ...EIGHTH_DEV_UPDATE_CASES,
  ...NINTH_DEV_UPDATE_CASES,
  ...TENTH_DEV_UPDATE_CASES,
  ...ELEVENTH_DEV_UPDATE_CASES,
  ...TWELFTH_DEV_UPDATE_CASES,
  ...THIRTEENTH_DEV_UPDATE_CASES,
  ...FOURTEENTH_DEV_UPDATE_CASES,
  ...FIFTEENTH_DEV_UPDATE_CASES,
  ...SIXTEENTH_DEV_UPDATE_CASES,
  ...SEVENTEENTH_DEV_UPDATE_CASES,
  ...EIGHTEENTH_DEV_UPDATE_CASES,
  ...NINETEENTH_DEV_UPDATE_CASES,
  ...TWENTIETH_DEV_UPDATE_CASES,
  ...TWENTY_FIRST_DEV_UPDATE_CASES,
  ...TWENTY_SECOND_DEV_UPDATE_CASES,
  ...TWENTY_THIRD_DEV_UPDATE_CASES,
  ...TWENTY_FOURTH_DEV_UPDATE_CASES,
];
