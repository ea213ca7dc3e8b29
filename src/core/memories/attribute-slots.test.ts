import { describe, expect, it } from 'vitest';
import { attributeSlot } from './attribute-slots.js';

describe('attributeSlot', () => {
  it('names the single-valued attribute a fact sets', () => {
    expect(attributeSlot('Alex works at Stripe')).toBe('alex|employer');
    expect(attributeSlot('Alex now works at Plaid as a PM')).toBe('alex|employer');
    expect(attributeSlot("Caroline's favorite book is Becoming Nicole")).toBe('caroline|favorite book');
    expect(attributeSlot("Caroline's favorite color is teal")).toBe('caroline|favorite color');
    expect(attributeSlot('Big news: Alex now works at Plaid')).toBe('alex|employer');
    expect(attributeSlot("Alex's sister Dana lives in Boston")).toBe('dana|residence');
    expect(attributeSlot('Sam lives in Denver')).toBe('sam|residence');
    expect(attributeSlot('Sam is 31 years old')).toBe('sam|age');
    expect(attributeSlot('Sam likes hiking')).toBeNull();
  });

  it('gives every phrasing of one attribute the same slot', () => {
    const residence = ['The user lives in Toronto', 'Big news: the user moved to Vancouver the week before 3 May 2026', 'The user relocated to Oslo', 'The user has moved to Lisbon'];
    residence.push('The user moved to Vancouver with the user\'s family');
    expect(residence.map(attributeSlot)).toEqual(residence.map(() => 'user|residence'));
    const employer = ['The user works at Google', 'The user just started a new job at Stripe', 'The user joined Shopify in March 2026', 'The user was hired by Acme', 'The user got a job at Figma'];
    expect(employer.map(attributeSlot)).toEqual(employer.map(() => 'user|employer'));
    const partner = ['Priya is dating Sam', 'Priya is married to Jordan', "Priya's girlfriend is Mia", 'Priya is single'];
    expect(partner.map(attributeSlot)).toEqual(partner.map(() => 'priya|partner'));
    expect(['The user is vegetarian', 'The user went vegan in October 2026'].map(attributeSlot)).toEqual(['user|diet', 'user|diet']);
    expect(['The user is 29 years old', 'The user just turned 30'].map(attributeSlot)).toEqual(['user|age', 'user|age']);
    expect(attributeSlot("The user's dog's name is Rex")).toBe("user's dog|name");
  });

  it('needs a name where a phrasing would otherwise set nothing lasting', () => {
    expect(attributeSlot('The user joined a book club')).toBeNull();
    expect(attributeSlot('The user moved to a bigger desk')).toBeNull();
    expect(attributeSlot('The user is seeing a therapist')).toBeNull();
    expect(attributeSlot('The user turned off the lights')).toBeNull();
    expect(attributeSlot('Melanie joined Caroline for dinner')).toBeNull();
    expect(attributeSlot('Melanie joined Caroline and her kids at the park')).toBeNull();
  });

  it('keeps the attributes of different people apart', () => {
    expect(attributeSlot("The user's sister lives in Oslo")).toBe("user's sister|residence");
    expect(attributeSlot('Bob lives in Oslo')).toBe('bob|residence');
  });
});
