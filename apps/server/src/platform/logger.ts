/**
 * Pino options: requests are logged by path only (query strings can hold passwords, codes and
 * e-mails: the spec's query strings carry them) and secrets are redacted wherever they appear.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.code',
  '*.accessToken',
  '*.token',
  '*.resetToken',
  'res.headers["set-cookie"]',
];

export function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?[redacted]`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: pathOnly(request.url), ip: request.ip };
      },
    },
  };
}
