import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const BANNER = '/api/app/user/home/banner';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

describe('home banners', () => {
  test('three banners in carousel order, with image path and link', async () => {
    const answer = await api.request(BANNER, {});
    expect(answer.code).toBe(200);
    expect(answer.data.map((b: { id: string }) => b.id)).toEqual(['basic-service', 'tyres', 'tint']);
    expect(answer.data[0]).toMatchObject({
      adPath: '/pc/banners/basic-service.svg',
      width: 1200,
      height: 400,
      link: '/pc/products/auto-maintenance',
    });
  });

  test('English titles by default', async () => {
    const answer = await api.request(BANNER, {});
    expect(answer.data[0].title).toBe('Basic service from RM 159.00');
  });

  test('Chinese titles for zh_cn', async () => {
    const answer = await api.request(BANNER, {}, { language: 'zh_cn' });
    expect(answer.data[0].title).toBe('基础保养 RM 159.00 起');
    expect(answer.data[1].alt).toBe('装在铝合金轮毂上的新轮胎');
  });

  test('Malay titles for ms_my', async () => {
    const answer = await api.request(BANNER, {}, { language: 'ms_my' });
    expect(answer.data[0].title).toBe('Servis asas dari RM 159.00');
  });

  test('an empty body is allowed', async () => {
    const answer = await api.request(BANNER);
    expect(answer.code).toBe(200);
    expect(answer.data).toHaveLength(3);
  });

  test('a car model with no banners of its own keeps the usual order', async () => {
    const answer = await api.request(BANNER, { model: 'Perodua Myvi' });
    expect(answer.data.map((b: { id: string }) => b.id)).toEqual(['basic-service', 'tyres', 'tint']);
  });

  test('needs no login', async () => {
    const answer = await api.request(BANNER, {}, { userKey: '' });
    expect(answer.code).toBe(200);
  });

  test('a model that is not text is refused, naming the field', async () => {
    const answer = await api.request(BANNER, { model: 42 });
    expect(answer).toEqual({ code: 400, msg: 'model must be text.', data: { field: 'model' } });
  });

  test('a model name over 80 characters is refused', async () => {
    const answer = await api.request(BANNER, { model: 'M'.repeat(81) });
    expect(answer).toEqual({ code: 400, msg: 'model is too long.', data: { field: 'model' } });
  });

  test('an unknown field is refused, naming it', async () => {
    const answer = await api.request(BANNER, { city: 'kuala-lumpur' });
    expect(answer).toEqual({ code: 400, msg: 'city is not a field of this call.', data: { field: 'city' } });
  });
});
