import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const DICTIONARY = '/api/user/dictionary/dictionary-info';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

type Entry = { value: string; labelName: string; group: string };
const byValue = (entries: Entry[], value: string) => entries.find((e) => e.value === value);

describe('the CITY dictionary', () => {
  test('lists the cities with a label and a state', async () => {
    const answer = await api.request(DICTIONARY, { companyId: 0, dictionaryId: 'CITY' });
    expect(answer.code).toBe(200);
    expect(answer.data.length).toBeGreaterThan(5);
    expect(answer.data[0]).toEqual({ value: 'kuala-lumpur', labelName: 'Kuala Lumpur', group: 'Wilayah Persekutuan Kuala Lumpur' });
    expect(byValue(answer.data, 'petaling-jaya')).toEqual({ value: 'petaling-jaya', labelName: 'Petaling Jaya', group: 'Selangor' });
  });

  test('labels in Chinese for zh_cn', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'CITY' }, { language: 'zh_cn' });
    expect(byValue(answer.data, 'kuala-lumpur')?.labelName).toBe('吉隆坡');
    expect(byValue(answer.data, 'johor-bahru')?.labelName).toBe('新山');
  });

  test('labels in Malay for ms_my', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'CITY' }, { language: 'ms_my' });
    expect(byValue(answer.data, 'melaka')?.labelName).toBe('Melaka');
  });

  test('English labels differ from Malay where the names do', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'CITY' });
    expect(byValue(answer.data, 'melaka')?.labelName).toBe('Malacca');
  });

  test('the dictionary name is not case-sensitive', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'city' });
    expect(answer.code).toBe(200);
    expect(answer.data[0].value).toBe('kuala-lumpur');
  });

  test('companyId may be left out', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'CITY' });
    expect(answer.code).toBe(200);
  });
});

describe('asking for a dictionary badly', () => {
  test('an unknown dictionary: 404 naming it', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'STATE' });
    expect(answer).toEqual({ code: 404, msg: 'There is no dictionary named STATE.', data: null });
  });

  test('the 404 message in Chinese', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'STATE' }, { language: 'zh_cn' });
    expect(answer.msg).toBe('没有名为 STATE 的字典。');
  });

  test('no dictionaryId: 400 naming the field', async () => {
    const answer = await api.request(DICTIONARY, { companyId: 0 });
    expect(answer).toEqual({ code: 400, msg: 'dictionaryId is required.', data: { field: 'dictionaryId' } });
  });

  test('an empty dictionaryId: 400', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: '' });
    expect(answer).toEqual({ code: 400, msg: 'dictionaryId is too short.', data: { field: 'dictionaryId' } });
  });

  test('a dictionaryId over 40 characters: 400', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'C'.repeat(41) });
    expect(answer).toEqual({ code: 400, msg: 'dictionaryId is too long.', data: { field: 'dictionaryId' } });
  });

  test('a dictionaryId that is a number: 400 saying it must be text', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 7 });
    expect(answer).toEqual({ code: 400, msg: 'dictionaryId must be text.', data: { field: 'dictionaryId' } });
  });

  test('a companyId that is text: 400 saying it must be a number', async () => {
    const answer = await api.request(DICTIONARY, { companyId: 'servauto', dictionaryId: 'CITY' });
    expect(answer).toEqual({ code: 400, msg: 'companyId must be a number.', data: { field: 'companyId' } });
  });

  test('a companyId with a fraction: 400 saying it must be a whole number', async () => {
    const answer = await api.request(DICTIONARY, { companyId: 1.5, dictionaryId: 'CITY' });
    expect(answer).toEqual({ code: 400, msg: 'companyId must be a whole number.', data: { field: 'companyId' } });
  });

  test('a negative companyId: 400 naming the field', async () => {
    const answer = await api.request(DICTIONARY, { companyId: -1, dictionaryId: 'CITY' });
    expect(answer.code).toBe(400);
    expect(answer.data).toEqual({ field: 'companyId' });
    expect(answer.msg).toMatch(/^companyId /);
  });

  test('a field the call does not have: 400 naming it', async () => {
    const answer = await api.request(DICTIONARY, { dictionaryId: 'CITY', cityId: 3 });
    expect(answer).toEqual({ code: 400, msg: 'cityId is not a field of this call.', data: { field: 'cityId' } });
  });
});
