import { describe, expect, it } from 'vitest';
import { reportedStatement } from './reported.js';

describe('reportedStatement', () => {
  it('takes the statement someone reports when it names its subject', () => {
    expect(reportedStatement('Her teacher says Elena Petrova has moved to the oboe for the spring concerts')).toBe(
      'Elena Petrova has moved to the oboe for the spring concerts',
    );
    expect(reportedStatement('His mother mentioned that Tom Fischer is now at the University of York')).toBe('Tom Fischer is now at the University of York');
    expect(reportedStatement('Anna told me Kofi Mensah works at Ecobank now')).toBe('Kofi Mensah works at Ecobank now');
    expect(reportedStatement('The club secretary has confirmed that Rosa Diaz is the new treasurer')).toBe('Rosa Diaz is the new treasurer');
  });

  it('leaves a clause that reports nothing, or a report without a named subject', () => {
    expect(reportedStatement('Elena Petrova plays the flute')).toBeNull();
    expect(reportedStatement('Anna says I should rest more')).toBeNull();
    expect(reportedStatement('My doctor says she is fine')).toBeNull();
    expect(reportedStatement('The report says nothing about pay')).toBeNull();
    expect(reportedStatement('Rosa said Goodbye to everyone')).toBeNull();
  });
});
