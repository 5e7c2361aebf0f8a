import type { Locale } from './language.ts';

/**
 * Texts that both the server (in `msg`) and the site (in forms) show, so a rule is
 * worded the same wherever it is checked. Keys name the rule, not the screen.
 */
const en = {
  'phone.required': 'Enter your phone number to get otp login',
  'phone.tooShort': 'Please enter at least six digits.',
  'phone.digitsOnly': 'Please enter digits only.',
  'phone.notMobile': 'Please enter a valid Malaysian mobile number.',
  'otp.required': 'Please enter 6-digit OTP',
  'otp.invalid': 'Please enter 6-digit OTP',
  'otp.notSent': 'Send OTP',
  'otp.sent': 'We have sent a 6-digit code to {phone}.',
  'otp.wait': 'Please wait {seconds} seconds before requesting another code.',
  'otp.phoneLimit': 'Too many codes were requested for this number. Please try again in {minutes} minutes.',
  'otp.addressLimit': 'Too many codes were requested from this network. Please try again in {minutes} minutes.',
  'otp.wrong': 'The code is incorrect. {left} tries left.',
  'otp.tooManyTries': 'Too many wrong tries. Please request a new code.',
  'otp.expired': 'This code has expired. Please request a new one.',
  'otp.none': 'Please request a code first.',
  'otp.smsFailed': 'We could not send the SMS. Please try again in a moment.',
  'session.expired': 'Invalid session, or session has expired, please log in again.',
  'session.revoked': 'You have logged out on this device. Please log in again.',
  'request.notJson': 'The request body must be JSON (Content-Type: application/json).',
  'request.badJson': 'The request body is not valid JSON.',
  'request.notObject': 'The request body must be a JSON object.',
  'request.tooLarge': 'The request body is too large (at most {limit} KB).',
  'request.method': 'Use POST for this call.',
  'request.badSignature': 'The request signature does not match its body.',
  'field.required': '{field} is required.',
  'field.type': '{field} must be {expected}.',
  'field.tooShort': '{field} is too short.',
  'field.tooLong': '{field} is too long.',
  'field.invalid': '{field} is not valid.',
  'field.unknown': '{field} is not a field of this call.',
  'field.oneOf': '{field} must be one of: {options}.',
  'dictionary.unknown': 'There is no dictionary named {id}.',
  'code.401': 'Authentication failed, cannot access system resources',
  'code.403': 'No permission for this operation',
  'code.404': 'Resource does not exist',
  'code.500': 'Unknown system error, please report to the administrator',
  'code.503': 'System upgrade in progress, please try again later!',
  ok: 'OK',
};

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const zhCn: Messages = {
  'phone.required': '请输入手机号码以获取验证码登录',
  'phone.tooShort': '请至少输入六位数字。',
  'phone.digitsOnly': '请只输入数字。',
  'phone.notMobile': '请输入有效的马来西亚手机号码。',
  'otp.required': '请输入6位验证码',
  'otp.invalid': '请输入6位验证码',
  'otp.notSent': '发送验证码',
  'otp.sent': '我们已将6位验证码发送至 {phone}。',
  'otp.wait': '请等待 {seconds} 秒后再获取新的验证码。',
  'otp.phoneLimit': '此号码请求验证码次数过多，请在 {minutes} 分钟后重试。',
  'otp.addressLimit': '此网络请求验证码次数过多，请在 {minutes} 分钟后重试。',
  'otp.wrong': '验证码不正确，还可尝试 {left} 次。',
  'otp.tooManyTries': '错误次数过多，请重新获取验证码。',
  'otp.expired': '验证码已过期，请重新获取。',
  'otp.none': '请先获取验证码。',
  'otp.smsFailed': '短信发送失败，请稍后重试。',
  'session.expired': '会话无效或已过期，请重新登录。',
  'session.revoked': '您已在此设备上退出登录，请重新登录。',
  'request.notJson': '请求内容必须是 JSON（Content-Type: application/json）。',
  'request.badJson': '请求内容不是有效的 JSON。',
  'request.notObject': '请求内容必须是 JSON 对象。',
  'request.tooLarge': '请求内容过大（最多 {limit} KB）。',
  'request.method': '此接口请使用 POST。',
  'request.badSignature': '请求签名与内容不符。',
  'field.required': '{field} 为必填项。',
  'field.type': '{field} 必须是 {expected}。',
  'field.tooShort': '{field} 太短。',
  'field.tooLong': '{field} 太长。',
  'field.invalid': '{field} 无效。',
  'field.unknown': '{field} 不是此接口的字段。',
  'field.oneOf': '{field} 必须是以下之一：{options}。',
  'dictionary.unknown': '没有名为 {id} 的字典。',
  'code.401': '认证失败，无法访问系统资源',
  'code.403': '没有操作权限',
  'code.404': '访问资源不存在',
  'code.500': '系统未知错误，请反馈给管理员',
  'code.503': '系统升级中，请稍后再试！',
  ok: '成功',
};

const ms: Messages = {
  'phone.required': 'Masukkan nombor telefon anda untuk log masuk dengan OTP',
  'phone.tooShort': 'Sila masukkan sekurang-kurangnya enam digit.',
  'phone.digitsOnly': 'Sila masukkan digit sahaja.',
  'phone.notMobile': 'Sila masukkan nombor telefon bimbit Malaysia yang sah.',
  'otp.required': 'Sila masukkan OTP 6 digit',
  'otp.invalid': 'Sila masukkan OTP 6 digit',
  'otp.notSent': 'Hantar OTP',
  'otp.sent': 'Kami telah menghantar kod 6 digit ke {phone}.',
  'otp.wait': 'Sila tunggu {seconds} saat sebelum meminta kod baharu.',
  'otp.phoneLimit': 'Terlalu banyak kod diminta untuk nombor ini. Sila cuba lagi dalam {minutes} minit.',
  'otp.addressLimit': 'Terlalu banyak kod diminta dari rangkaian ini. Sila cuba lagi dalam {minutes} minit.',
  'otp.wrong': 'Kod tidak betul. Tinggal {left} cubaan lagi.',
  'otp.tooManyTries': 'Terlalu banyak cubaan salah. Sila minta kod baharu.',
  'otp.expired': 'Kod ini telah tamat tempoh. Sila minta kod baharu.',
  'otp.none': 'Sila minta kod terlebih dahulu.',
  'otp.smsFailed': 'SMS tidak dapat dihantar. Sila cuba sebentar lagi.',
  'session.expired': 'Sesi tidak sah atau telah tamat tempoh, sila log masuk semula.',
  'session.revoked': 'Anda telah log keluar pada peranti ini. Sila log masuk semula.',
  'request.notJson': 'Kandungan permintaan mestilah JSON (Content-Type: application/json).',
  'request.badJson': 'Kandungan permintaan bukan JSON yang sah.',
  'request.notObject': 'Kandungan permintaan mestilah objek JSON.',
  'request.tooLarge': 'Kandungan permintaan terlalu besar (maksimum {limit} KB).',
  'request.method': 'Gunakan POST untuk panggilan ini.',
  'request.badSignature': 'Tandatangan permintaan tidak sepadan dengan kandungannya.',
  'field.required': '{field} diperlukan.',
  'field.type': '{field} mestilah {expected}.',
  'field.tooShort': '{field} terlalu pendek.',
  'field.tooLong': '{field} terlalu panjang.',
  'field.invalid': '{field} tidak sah.',
  'field.unknown': '{field} bukan medan panggilan ini.',
  'field.oneOf': '{field} mestilah salah satu daripada: {options}.',
  'dictionary.unknown': 'Tiada kamus bernama {id}.',
  'code.401': 'Pengesahan gagal, tidak dapat mengakses sumber sistem',
  'code.403': 'Tiada kebenaran untuk operasi ini',
  'code.404': 'Sumber tidak wujud',
  'code.500': 'Ralat sistem tidak diketahui, sila laporkan kepada pentadbir',
  'code.503': 'Naik taraf sistem sedang dijalankan, sila cuba sebentar lagi!',
  ok: 'Berjaya',
};

const byLocale: Record<Locale, Messages> = { en, 'zh-cn': zhCn, ms };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The text of `key` in `locale`, with `{name}` placeholders filled in. */
export function message(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return byLocale[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
