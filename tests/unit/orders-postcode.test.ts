import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { message } from '../../contract/rules/messages.ts';
import { checkPostcode, findState, malaysianStates, postcodeElsewhere, statesOfPostcode } from '../../contract/rules/postcode.ts';

const names = (postcode: string) => statesOfPostcode(postcode).map((s) => s.name);

describe('postcodes and their states', () => {
  test.each([
    ['46100', 'Selangor', 'Petaling Jaya'],
    ['47500', 'Selangor', 'Subang Jaya'],
    ['40000', 'Selangor', 'Shah Alam'],
    ['63000', 'Selangor', 'Cyberjaya'],
    ['68100', 'Selangor', 'Batu Caves'],
    ['50450', 'Wilayah Persekutuan Kuala Lumpur', 'Kuala Lumpur city centre'],
    ['59200', 'Wilayah Persekutuan Kuala Lumpur', 'Bangsar'],
    ['62502', 'Wilayah Persekutuan Putrajaya', 'Putrajaya'],
    ['01000', 'Perlis', 'Kangar'],
    ['05050', 'Kedah', 'Alor Setar'],
    ['07000', 'Kedah', 'Langkawi'],
    ['10200', 'Pulau Pinang', 'George Town'],
    ['15050', 'Kelantan', 'Kota Bharu'],
    ['20000', 'Terengganu', 'Kuala Terengganu'],
    ['25200', 'Pahang', 'Kuantan'],
    ['39000', 'Pahang', 'Tanah Rata, Cameron Highlands'],
    ['49000', 'Pahang', "Fraser's Hill"],
    ['69000', 'Pahang', 'Genting Highlands'],
    ['30450', 'Perak', 'Ipoh'],
    ['70000', 'Negeri Sembilan', 'Seremban'],
    ['75000', 'Melaka', 'Melaka city'],
    ['80000', 'Johor', 'Johor Bahru'],
    ['79100', 'Johor', 'Iskandar Puteri'],
    ['87000', 'Wilayah Persekutuan Labuan', 'Labuan'],
    ['88000', 'Sabah', 'Kota Kinabalu'],
    ['91000', 'Sabah', 'Tawau'],
    ['93050', 'Sarawak', 'Kuching'],
    ['98000', 'Sarawak', 'Miri'],
  ])('%s is in %s (%s)', (postcode, state) => {
    expect(names(postcode)).toContain(state);
    expect(checkPostcode(postcode, state)).toBeNull();
  });

  test('a Petaling Jaya postcode is not in Johor', () => {
    expect(checkPostcode('46100', 'Johor')).toBe('postcode.wrongState');
  });

  test('a Kota Kinabalu postcode is not in Sarawak', () => {
    expect(checkPostcode('88000', 'Sarawak')).toBe('postcode.wrongState');
  });

  test('KL postcodes also serve the edge of Selangor, but a Selangor postcode is not in KL', () => {
    expect(checkPostcode('56000', 'Selangor')).toBeNull();
    expect(checkPostcode('46100', 'Kuala Lumpur')).toBe('postcode.wrongState');
  });

  test.each(['00000', '03000', '04999', '19000', '29000', '37000', '61000', '74000', '87100', '92000', '99999'])(
    '%s is not a Malaysian postcode',
    (postcode) => {
      expect(statesOfPostcode(postcode)).toEqual([]);
      expect(checkPostcode(postcode)).toBe('postcode.unknown');
    },
  );

  test.each(['4610', '461000', '46 100', 'AB123', '46100a'])('%j is not five digits', (postcode) => {
    expect(checkPostcode(postcode)).toBe('postcode.format');
  });

  test('a blank postcode is asked for', () => {
    expect(checkPostcode(' ')).toBe('postcode.required');
  });

  test('spaces around and full-width digits are fine', () => {
    expect(checkPostcode(' 46100 ', 'Selangor')).toBeNull();
    expect(checkPostcode('４６１００', 'Selangor')).toBeNull();
  });

  test('an unknown state never matches', () => {
    expect(checkPostcode('46100', 'Singapore')).toBe('postcode.wrongState');
  });
});

describe('states as people write them', () => {
  test.each([
    ['Penang', 'Pulau Pinang'],
    ['pulau pinang', 'Pulau Pinang'],
    ['槟城', 'Pulau Pinang'],
    ['KL', 'Wilayah Persekutuan Kuala Lumpur'],
    ['W.P. Kuala Lumpur', 'Wilayah Persekutuan Kuala Lumpur'],
    ['Malacca', 'Melaka'],
    ['Negri Sembilan', 'Negeri Sembilan'],
    ['labuan', 'Wilayah Persekutuan Labuan'],
    ['SELANGOR', 'Selangor'],
  ])('%j is %s', (typed, name) => {
    expect(findState(typed)?.name).toBe(name);
  });

  test.each(['', 'Singapore', 'Bangkok', 'Selangor Darul Ehsan Utara'])('%j is not a state', (typed) => {
    expect(findState(typed)).toBeUndefined();
  });

  test('sixteen states and federal territories; Sabah, Sarawak and Labuan are East Malaysia', () => {
    expect(malaysianStates).toHaveLength(16);
    expect(malaysianStates.filter((s) => s.region === 'east').map((s) => s.name).sort()).toEqual(['Sabah', 'Sarawak', 'Wilayah Persekutuan Labuan']);
  });

  test('every state has a label in each language, Chinese in Chinese', () => {
    for (const s of malaysianStates) {
      expect(s.label['zh-cn']).toMatch(/\p{Script=Han}/u);
      expect(s.label.en).not.toBe('');
      expect(s.label.ms).not.toBe('');
    }
  });
});

describe('the partner workshops', () => {
  test("every workshop's postcode is in its state", () => {
    const dir = new URL('../../content/stores/', import.meta.url);
    const workshops = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { workshops: { id: string; postcode: string; state: string }[] }).workshops);
    expect(workshops.length).toBeGreaterThan(50);
    for (const w of workshops) expect(checkPostcode(w.postcode, w.state), `${w.id}: ${w.postcode} ${w.state}`).toBeNull();
  });
});

describe('the messages', () => {
  test('say what is wrong in three languages', () => {
    expect(message('en', 'postcode.wrongState')).toBe('This postcode is not in the state chosen.');
    expect(message('zh-cn', 'postcode.wrongState')).toBe('此邮编不属于所选的州。');
    expect(message('ms', 'postcode.wrongState')).toBe('Poskod ini bukan dalam negeri yang dipilih.');
  });

  test('name the postcode, the state it is in and the state chosen, each in the reader’s language', () => {
    const where = postcodeElsewhere('88300', 'Selangor')!;
    expect(where).toEqual({ postcode: '88300', postcodeState: 'Sabah', state: 'Selangor' });
    expect(message('en', 'postcode.otherState', where)).toBe('88300 is in Sabah, not Selangor.');
    expect(message('zh-cn', 'postcode.otherState', where)).toBe('88300 属于沙巴，不属于雪兰莪。');
    expect(message('ms', 'postcode.otherState', where)).toBe('88300 terletak di Sabah, bukan Selangor.');
    expect(message('en', 'postcode.otherState', postcodeElsewhere('10050', 'Kuala Lumpur')!)).toBe('10050 is in Penang, not Kuala Lumpur.');
    expect(message('ms', 'postcode.otherState', postcodeElsewhere('10050', 'kl')!)).toBe('10050 terletak di Pulau Pinang, bukan W.P. Kuala Lumpur.');
  });

  test('a postcode in the state chosen, or one no state has, names nothing', () => {
    expect(postcodeElsewhere('47300', 'Selangor')).toBeNull();
    expect(postcodeElsewhere('99999', 'Selangor')).toBeNull();
    expect(postcodeElsewhere('88300', 'Singapore')).toBeNull();
  });
});
