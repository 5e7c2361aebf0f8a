import { describe, expect, test } from 'vitest';
import { message } from '../../../contract/rules/messages.ts';
import { readDotDate } from '../../../contract/rules/tyre-date.ts';
import { en } from '../../../src/i18n/en.ts';
import { ms } from '../../../src/i18n/ms.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';
import { completeProblems, firstProblem } from '../../../src/lib/complete-form.ts';

const TODAY = '2026-11-27';
const tyre = (dot: string, dotFull = '') => ({ dot, dotFull });

describe("the Complete dialog's own checks", () => {
  test('every problem at once, each by its field: the odometer, a code of the wrong shape, a week its year lacks, one not begun yet, a whole code not ending with its date code', () => {
    const problems = completeProblems(en.console, '', [tyre('3225'), tyre('32x5'), tyre('5325'), tyre('0127'), tyre('3225', 'DOT 4B9V 3224')], TODAY);
    expect(problems).toEqual({
      km: 'Enter the odometer reading (km) to complete the installation.',
      'dot.1': 'Tyre 2: the DOT date code is 4 digits, the week then the year (e.g. 3225).',
      'dot.2': 'Tyre 3: 2025 has no week 53; its weeks are 01 to 52.',
      'dot.3': 'Tyre 4: a DOT date code cannot be a week that has not begun yet.',
      'dotFull.4': 'Tyre 5: the whole DOT code must end with its date code 3225.',
    });
    expect(firstProblem(problems, 5)).toBe('km');
    expect(firstProblem({ 'dotFull.4': 'x', 'dot.3': 'y' }, 5)).toBe('dot.3');
  });

  test('in Chinese and Malay, worded as the server words the same refusal', () => {
    const typed = [tyre(''), tyre('5325', 'DOT-4B9V')];
    expect(completeProblems(zhCn.console, '', typed, TODAY)).toEqual({
      km: '请输入里程表读数（公里）后再完成安装。',
      'dot.0': message('zh-cn', 'tyre.dotFormat', { n: 1 }),
      'dot.1': '轮胎 2：2025 年没有第 53 周，该年的周数为 01 至 52。',
      'dotFull.1': message('zh-cn', 'tyre.dotFullFormat', { n: 2 }),
    });
    const read = readDotDate('5325', TODAY);
    expect(completeProblems(ms.console, '12.5', typed, TODAY)).toEqual({
      km: 'Bacaan odometer ialah nombor bulat km, dari 0 hingga 9,999,999.',
      'dot.0': 'Tayar 1: kod tarikh DOT ialah 4 digit, minggu kemudian tahun (cth. 3225).',
      'dot.1': message('ms', 'tyre.dotWeek', { n: 2, ...('params' in read ? read.params : {}) }),
      'dotFull.1': 'Tayar 2: kod DOT penuh ialah huruf, digit dan ruang, paling banyak 24.',
    });
  });

  test.each(['-1', '1e3', '10000000', 'abc'])('an odometer of %j is refused', (km) => {
    expect(completeProblems(en.console, km, [], TODAY)).toEqual({ km: 'The odometer reading is a whole number of km, from 0 to 9,999,999.' });
  });

  test('nothing to say: the completion may be sent', () => {
    const problems = completeProblems(en.console, ' 45000 ', [tyre('3225', 'dot 4b9v abcd 3225'), tyre('4826'), tyre('5320')], TODAY);
    expect(problems).toEqual({});
    expect(firstProblem(problems, 3)).toBeNull();
  });
});
