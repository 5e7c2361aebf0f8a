/**
 * The API paths (spec §7), apart from their schemas so that the site can name a call
 * without bundling zod. The schemas in the other contract files use these.
 */
export const paths = {
  sendSms: '/app/user/send/sms',
  clientLogin: '/app/user/client-login',
  userInfo: '/app/user/info',
  logout: '/app/user/logout',
  homeBanner: '/app/user/home/banner',
  dictionaryInfo: '/user/dictionary/dictionary-info',
} as const;
