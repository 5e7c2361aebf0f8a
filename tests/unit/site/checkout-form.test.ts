import { describe, expect, test } from 'vitest';
import { cartQuote } from '../../../contract/cart-quote.ts';
import { requiredOrderFields } from '../../../contract/rules/order-required.ts';
import { fulfilmentMethods } from '../../../contract/rules/order-status.ts';
import { orderAddRequest } from '../../../contract/orders.ts';
import { commonWorkshops, type CheckoutForm } from '../../../src/lib/checkout.ts';
import { checkoutKey, forgetCheckoutKey, missingFields, orderRequest, quoteRequest, refusalTarget } from '../../../src/lib/checkout-request.ts';

const form: CheckoutForm = {
  plate: 'wxy 1234',
  method: 'install',
  storeId: 'petaling-jaya-ss2-tyre-auto',
  date: '2026-11-25',
  time: '10:00',
  address: { recipient: 'Aisyah', phone: '0123456789', line1: '1 Jalan SS2', line2: ' ', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor', landmark: ' Guardhouse B ' },
  window: { date: '2026-11-26', start: '09:00' },
  contact: { name: 'Aisyah', phone: '0123456789', email: '' },
  notes: '  ',
  couponCode: '',
};
const items = [{ productId: 'wiper-bosch-aerotwin', quantity: 1, options: {} }, { productId: 'service-basic', quantity: 1 }];

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

describe('the order a checkout sends', () => {
  test('an installation carries the workshop and time, no address, and blanks left out; the contract accepts it', () => {
    const body = orderRequest('key-12345678', items, 'perodua-myvi-1.5-av-2022', form);
    expect(body).toMatchObject({ method: 'install', storeId: form.storeId, appointment: { date: '2026-11-25', time: '10:00' }, notes: undefined, couponCode: undefined });
    expect(body).not.toHaveProperty('address');
    expect(body.items[0]).toEqual({ productId: 'wiper-bosch-aerotwin', quantity: 1 });
    expect(orderAddRequest.safeParse(body).success).toBe(true);
  });

  test('mailing carries the address and neither workshop nor time', () => {
    const body = orderRequest('key-12345678', items.slice(0, 1), 'perodua-myvi-1.5-av-2022', { ...form, method: 'mail' });
    expect(body).not.toHaveProperty('storeId');
    expect(body).not.toHaveProperty('appointment');
    expect(body.address).toMatchObject({ postcode: '47300', line2: undefined });
    expect(orderAddRequest.safeParse(body).success).toBe(true);
  });

  test("fitting at the customer's place carries the address with its landmark and the van's window, and neither workshop nor time", () => {
    const body = orderRequest('key-12345678', items.slice(0, 1), 'perodua-myvi-1.5-av-2022', { ...form, method: 'mobile' });
    expect(body).not.toHaveProperty('storeId');
    expect(body).not.toHaveProperty('appointment');
    expect(body).toMatchObject({ method: 'mobile', carPlate: 'wxy 1234', address: { postcode: '47300', landmark: 'Guardhouse B', line2: undefined }, window: { date: '2026-11-26', start: '09:00' } });
    expect(orderAddRequest.safeParse(body).success).toBe(true);
    // A landmark left blank is left out; a parcel never carries one, nor a window.
    expect(orderRequest('key-12345678', items, 'v', { ...form, method: 'mobile', address: { ...form.address, landmark: ' ' } }).address).not.toHaveProperty('landmark');
    const mail = orderRequest('key-12345678', items, 'v', { ...form, method: 'mail' });
    expect(mail.address).not.toHaveProperty('landmark');
    expect(mail).not.toHaveProperty('window');
    expect(orderRequest('key-12345678', items, 'v', form)).not.toHaveProperty('window');
  });

  test('the WhatsApp box goes as it stands once known, and is left out while unknown, so the choice in force stays', () => {
    for (const whatsapp of [true, false]) {
      const body = orderRequest('key-12345678', items, 'perodua-myvi-1.5-av-2022', { ...form, whatsapp });
      expect(body).toHaveProperty('whatsapp', whatsapp);
      expect(orderAddRequest.safeParse(body).success).toBe(true);
    }
    expect(orderRequest('key-12345678', items, 'perodua-myvi-1.5-av-2022', form)).not.toHaveProperty('whatsapp');
    // Never a reason to ask for a field: the box is not one the order requires.
    expect(missingFields({ ...form, whatsapp: false })).toEqual([]);
  });

  test('the quote asked for carries only what changes the price; the contract accepts it', () => {
    const install = quoteRequest(items, 'perodua-myvi-1.5-av-2022', { ...form, couponCode: ' save20 ' });
    expect(install).toEqual({ items: [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }, { productId: 'service-basic', quantity: 1 }], variantId: 'perodua-myvi-1.5-av-2022', method: 'install', couponCode: 'save20' });
    // Mailing: the state alone, however much of the address is typed (a wrong postcode never holds the bill back).
    const mail = quoteRequest(items.slice(0, 1), 'perodua-myvi-1.5-av-2022', { ...form, method: 'mail', address: { ...form.address, postcode: '88000' } });
    expect(mail).toMatchObject({ method: 'mail', address: { state: 'Selangor' } });
    expect(quoteRequest(items, '', { ...form, method: 'mail', address: { ...form.address, state: '' } })).toEqual({ items: install.items, method: 'mail' });
    for (const body of [install, mail]) expect(cartQuote.request.safeParse(body).success).toBe(true);
  });

  test('a refusal names its field, and the cart line when it names one', () => {
    expect(refusalTarget({ field: 'address.postcode' })).toEqual({ field: 'address.postcode', lineIndex: null });
    expect(refusalTarget({ field: 'items.1.productId' })).toEqual({ field: 'items.1.productId', lineIndex: 1 });
    expect(refusalTarget({ field: 'method', lineIndex: 0 })).toEqual({ field: 'method', lineIndex: 0 });
    expect(refusalTarget(null)).toEqual({ field: '', lineIndex: null });
  });

  test('one key per checkout, kept until an order is placed', () => {
    const storage = memory();
    let n = 0;
    const make = () => `checkout-key-${++n}`;
    expect(checkoutKey(storage, make)).toBe('checkout-key-1');
    expect(checkoutKey(storage, make)).toBe('checkout-key-1');
    forgetCheckoutKey(storage);
    expect(checkoutKey(storage, make)).toBe('checkout-key-2');
    storage.setItem('servauto.checkoutKey', 'bad key!');
    expect(checkoutKey(storage, make)).toBe('checkout-key-3');
  });

  test('the workshops every line can use', () => {
    const a = { id: 'a' }, b = { id: 'b' }, c = { id: 'c' };
    expect(commonWorkshops([[b, a, c], [a, b]])).toEqual([b, a]);
    expect(commonWorkshops([])).toEqual([]);
  });
});

describe('fields left blank', () => {
  test('are named before anything is sent, as the method needs them', () => {
    expect(missingFields(form)).toEqual([]);
    expect(missingFields({ ...form, plate: ' ', time: '', contact: { ...form.contact, name: '' } })).toEqual(['carPlate', 'appointment', 'contact.name']);
    expect(missingFields({ ...form, method: 'pickup', date: '', time: '' })).toEqual([]);
    // Only an installation asks the car's plate: a pickup or a parcel goes without one.
    expect(missingFields({ ...form, method: 'pickup', plate: '' })).toEqual([]);
    expect(missingFields({ ...form, method: 'mail', storeId: '', plate: '' })).toEqual([]);
    expect(orderRequest('key-12345678', items, 'perodua-myvi-1.5-av-2022', { ...form, method: 'pickup', plate: 'WXY 1' })).not.toHaveProperty('carPlate');
    expect(missingFields({ ...form, method: 'mail', storeId: '', address: { ...form.address, postcode: '', state: '' } })).toEqual(['address.postcode', 'address.state']);
  });

  /** Each field the form can leave blank, blanked. */
  const blanks: Record<string, (f: CheckoutForm) => CheckoutForm> = {
    carPlate: (f) => ({ ...f, plate: '' }),
    storeId: (f) => ({ ...f, storeId: '' }),
    appointment: (f) => ({ ...f, time: '' }),
    window: (f) => ({ ...f, window: undefined }),
    ...Object.fromEntries(Object.keys(form.address).map((k) => [`address.${k}`, (f: CheckoutForm) => ({ ...f, address: { ...f.address, [k]: '' } })])),
    ...Object.fromEntries(Object.keys(form.contact).map((k) => [`contact.${k}`, (f: CheckoutForm) => ({ ...f, contact: { ...f.contact, [k]: '' } })])),
    notes: (f) => ({ ...f, notes: '' }),
    couponCode: (f) => ({ ...f, couponCode: '' }),
  };

  test.each(fulfilmentMethods)("are exactly those order/app/add refuses when blank (%s)", (method) => {
    const filled: CheckoutForm = { ...form, method, ...(method === 'mail' ? { storeId: '' } : {}) };
    expect(orderAddRequest.safeParse(orderRequest('key-12345678', items.slice(0, 1), 'perodua-myvi-1.5-av-2022', filled)).success).toBe(true);
    for (const [field, blank] of Object.entries(blanks)) {
      const body = orderRequest('key-12345678', items.slice(0, 1), 'perodua-myvi-1.5-av-2022', blank(filled));
      const parsed = orderAddRequest.safeParse(body);
      const refused = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
      const required = requiredOrderFields(method).includes(field);
      // The first refusal is the one the server names.
      expect(refused[0] ?? null, `${method}: ${field}`).toBe(required ? field : null);
      expect(missingFields(blank(filled)), `${method}: ${field}`).toEqual(required ? [field] : []);
    }
  });
});
