/**
 * The settings of a correct production deployment (real delivery, secrets of its own, the site's origin): a
 * production test starts from these and changes the one thing it is about.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  MEDIA_TOKEN_SECRET: 'm'.repeat(40),
  CODE_SECRET: 'c'.repeat(40),
  WEB_API_KEY: 'prod-web-key-0001',
  PAYMENTS_API_SECRET: 's'.repeat(40),
  MAIL_DELIVERY: 'smtp',
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
  MAIL_FROM: 'Экран <noreply@ekran.example>',
  SMS_DELIVERY: 'http',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  SMS_GATEWAY_TOKEN: 'gateway-token-0001',
  WEB_ORIGIN: 'https://ekran.example',
  COMPANY_NAME: 'ООО «Экран Медиа»',
  COMPANY_INN: '7701234567',
  COMPANY_OGRN: '1157746000000',
  COMPANY_ADDRESS: '123112, г. Москва, Пресненская наб., д. 12',
  COMPANY_EMAIL: 'help@ekran.example',
  COMPANY_PHONE: '8 800 555-35-35',
} as const;
