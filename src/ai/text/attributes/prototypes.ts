import type { KnownAttribute } from './kinds.js';

/**
 * Plain sentences that set each attribute, about "she" so that no name weighs on the comparison.
 * A statement close in meaning to one attribute's sentences, and closer to them than to everyday
 * happenings (`EVERYDAY`), sets that attribute however it is worded. Only attributes that hold one
 * value at a time, and whose value is a name, are read this way: there a new value means the old one
 * ended. (A diet, a job or a team is told by cues: its value is no name; so is where someone lives:
 * "in <a city>" follows too many happenings.)
 */
export const ATTRIBUTE_PROTOTYPES: Partial<Record<KnownAttribute, string[]>> = {
  employer: [
    'She works at a company.',
    'She is employed by a firm.',
    'She joined a new company.',
    'She was hired by a company.',
    'She started a new job at a company.',
    'Her employer is a bank.',
  ],
  partner: [
    'She is married to him.',
    'Her boyfriend is a man.',
    'She is dating a man.',
    'She got engaged to him.',
    'Her husband is a man.',
    'She is in a relationship with him.',
  ],
  school: ['She attends a school.', 'She goes to a high school.', 'She transferred to another school.', 'She is a student at a university.'],
  car: ['She drives a car.', 'She bought a new car.', 'Her car is a Toyota.', 'She got a new car from the dealer.'],
};

/** What people do and feel day to day, which sets no attribute of theirs. */
export const EVERYDAY = [
  'She had lunch with a friend.',
  'She bought something at a shop.',
  'She watched a film.',
  'She visited her family.',
  'She went to a concert.',
  'She read a book.',
  'She fixed something at home.',
  'She went on a trip.',
  'She finished a race.',
  'She cooked dinner.',
  'She met her manager.',
  'She drinks coffee.',
  'She felt happy about it.',
  'She celebrated her birthday.',
  'She attended a meeting.',
  'She gave a talk at a conference.',
  'She called the bank.',
  'She wrote an article.',
  'She read a document from a company.',
  'She applied for a job at a company.',
  'She had a job interview at a company.',
  'She was interviewed by a firm.',
  'She sent a letter to a company.',
  'She visited a showroom.',
  'She rented a car for a trip.',
  'She bought a gadget from a brand.',
  'She stayed at a hotel in a city.',
  'She met a colleague for coffee.',
];
