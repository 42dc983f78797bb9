import { describe, expect, it } from 'vitest';
import { isAscii, isDigitsOnly, isIdFormat, isValidEmail, isValidPhone, isValidWebAddress, isValidZip } from '../../src/domain/validators';
import { eventTimeRule } from '../../src/domain/schemas/events';
import { resolveLookup } from '../../src/domain/schemas/lookups';

describe('generic checks (spec §5)', () => {
  it.each([
    ['a@b.co', true],
    ['first.last@example.org', true],
    ['@example.org', false],
    ['a@@example.org', false],
    ['a@b@c.org', false],
    ['a.@example.org', false],
    ['a@.example.org', false],
    ['a@example.', false],
    ['a@example', false],
    ['a@exa.c-', false],
    ['a b@example.org', false],
  ])('email %s -> %s', (v, ok) => expect(isValidEmail(v)).toBe(ok));

  it.each([
    ['11501', true],
    ['11501-1234', true],
    ['11501 1234', true],
    ['115011234', true],
    ['1150', false],
    ['11501-123', false],
    ['abcde', false],
  ])('zip %s -> %s', (v, ok) => expect(isValidZip(v)).toBe(ok));

  it('phone, web address, ASCII, digits and id format', () => {
    expect(isValidPhone('516-555-0100')).toBe(true);
    expect(isValidPhone('(516) 555-0100')).toBe(false);
    expect(isValidWebAddress('www.example.org')).toBe(true);
    expect(isValidWebAddress('https://example.org/a?b=1')).toBe(true);
    expect(isValidWebAddress('javascript:alert(1)')).toBe(false);
    expect(isValidWebAddress('example')).toBe(false);
    expect(isAscii('Plain text\nwith lines')).toBe(true);
    expect(isAscii('Caf\u00e9')).toBe(false);
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('12a')).toBe(false);
    expect(isIdFormat('123-456-7890')).toBe(true);
    expect(isIdFormat('12-456-7890')).toBe(false);
  });
});

describe('event time rule across a DST change (ORG_TIMEZONE)', () => {
  it('counts real hours: 00:00 to 00:00 across spring forward is 23 hours', () => {
    expect(eventTimeRule({ startDate: '03/09/2030', startTime: '23:00', endDate: '03/10/2030', endTime: '23:00' }, 'America/New_York')).toBeNull();
  });
  it('refuses 24 wall-clock hours that are 25 real hours (fall back)', () => {
    expect(eventTimeRule({ startDate: '11/02/2030', startTime: '12:00', endDate: '11/03/2030', endTime: '12:00' }, 'America/New_York')?.message).toBe(
      'Event cannot be in excess of 24 hours!',
    );
  });
});

describe('lookup allow-list', () => {
  it('accepts the pk or display column as order and nothing else', () => {
    expect(resolveLookup({ tableName: 'rank', pkName: 'rank_id', displayName: 'description' })).toEqual({ table: 'rank', order: 'display' });
    expect(resolveLookup({ tableName: 'access_type', pkName: 'access_type_id', displayName: 'description' })).toEqual({ table: 'access_type', order: 'pk' });
    expect(resolveLookup({ tableName: '__proto__', pkName: 'x', displayName: 'y' })).toBeNull();
    expect(resolveLookup({ tableName: 'rank', pkName: 'rank_id', displayName: 'description', orderBy: 'rank_id desc' })).toBeNull();
  });
});
