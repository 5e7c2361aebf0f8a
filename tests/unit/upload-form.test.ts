import { describe, expect, test } from 'vitest';
import { fileField } from '../../server/flows/my-orders/upload-form.ts';

const form = (...parts: string[]) => Buffer.from(parts.join('\r\n'), 'latin1');

describe('the file field of an upload form', () => {
  test('the bytes of the part named file with a file name, whatever comes before or after', () => {
    const body = form(
      'preamble',
      '--XyZ',
      'Content-Disposition: form-data; name="note"',
      '',
      'hello',
      '--XyZ',
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'PNG\r\nbytes--XyZ not a boundary',
      '--XyZ--',
      '',
    );
    expect(fileField(body, 'XyZ')?.toString('latin1')).toBe('PNG\r\nbytes--XyZ not a boundary');
  });

  test('a text field named file, or no such field, is no file', () => {
    expect(fileField(form('--b', 'Content-Disposition: form-data; name="file"', '', 'text', '--b--', ''), 'b')).toBeNull();
    expect(fileField(form('--b--', ''), 'b')).toBeNull();
  });

  test('a form that is not framed by its boundary is refused as not multipart', () => {
    expect(() => fileField(form('no boundary here'), 'b')).toThrow('upload.notMultipart');
    expect(() => fileField(form('--b', 'Content-Disposition: form-data; name="file"; filename="a"', '', 'cut short'), 'b')).toThrow('upload.notMultipart');
  });
});
