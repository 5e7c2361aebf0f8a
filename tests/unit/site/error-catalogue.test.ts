import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';
import { classify } from '../../../src/lib/error-catalogue.ts';

const t = en.errors;

describe('the error catalogue (docs/contracts/shop.md §8)', () => {
  it('treats 200 and 100151 as success', () => {
    expect(classify(200, 'OK', true, t)).toEqual({ kind: 'ok' });
    expect(classify(100151, 'whatever', false, t)).toEqual({ kind: 'ok' });
  });

  it('logs a customer with a key out on 708 and 800, with the spec texts', () => {
    for (const code of [708, 800]) {
      expect(classify(code, 'server text', true, t)).toEqual({
        kind: 'sessionExpired',
        notice: 'Login expired, Please login again!',
        reason: 'Invalid session, or session has expired, please log in again.',
      });
    }
  });

  it('asks a customer without a key to log in on 708', () => {
    expect(classify(708, '', false, t)).toEqual({ kind: 'needLogin', reason: 'Please log in to access this page.' });
  });

  it('shows 807 as a warning with the server message', () => {
    expect(classify(807, 'Please wait 42 seconds before requesting another code.', true, t)).toEqual({
      kind: 'warning',
      text: 'Please wait 42 seconds before requesting another code.',
    });
  });

  it('turns 408 into the timeout alert', () => {
    expect(classify(408, 'late', false, t)).toEqual({ kind: 'timeout', text: 'Request timeout, please try again later!' });
  });

  it('prefers the server message and falls back to the default per code', () => {
    expect(classify(404, 'There is no dictionary named X.', false, t)).toEqual({ kind: 'error', text: 'There is no dictionary named X.' });
    expect(classify(401, '', false, t)).toEqual({ kind: 'error', text: 'Authentication failed, cannot access system resources' });
    expect(classify(403, undefined, false, t)).toEqual({ kind: 'error', text: 'No permission for this operation' });
    expect(classify(404, '  ', false, t)).toEqual({ kind: 'error', text: 'Resource does not exist' });
    expect(classify(500, '', false, t)).toEqual({ kind: 'error', text: 'Unknown system error, please report to the administrator' });
    expect(classify(12345, '', false, t)).toEqual({ kind: 'error', text: 'Unknown system error, please report to the administrator' });
  });

  it('words the defaults in the page language', () => {
    expect(classify(403, '', false, zhCn.errors)).toEqual({ kind: 'error', text: '没有操作权限' });
  });
});
